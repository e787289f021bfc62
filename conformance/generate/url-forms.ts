/**
 * URLs in the rarer forms the contract's `format: uri` (the Url schema: "An absolute URL") allows, each
 * a URI of RFC 3986 that a server must take and keep as given: a scheme and host are case-insensitive
 * (sections 3.1, 3.2.2), so `HTTPS://CDN.EXAMPLE.COM` is as valid as the lowercase URL; a port, an IPv6
 * or IPv4 literal host, percent-escapes, a query and a fragment are parts of the grammar; and a scheme
 * other than http and https is a URL too. The suite's other tests send one lowercase https URL (an
 * example, `https://example.com/...`): a server whose own pattern (`^https?:\/\/`) or URL parser
 * (lowercasing, decoding escapes, dropping a default port) handles only that form shows only on these.
 */
export const URL_FORMS: readonly { form: string; url: string }[] = [
  { form: 'scheme and host in capitals', url: 'HTTPS://CDN.EXAMPLE.COM/IMAGES/COVER.PNG' },
  { form: 'scheme and host in mixed case, with a port', url: 'Https://Cdn.Example.com:8443/images/Cover.png' },
  { form: 'percent-escapes, a query and a fragment', url: 'https://cdn.example.com/images/a%20b%2Fc%E6%9D%B1.png?w=1200&h=630&q=%26x#top' },
  { form: 'an IPv6 host with a port, over http', url: 'http://[2001:db8::1]:8080/images/cover.png' },
  { form: 'an IPv4 host and its default port', url: 'http://192.0.2.10:80/cover.png' },
  { form: 'another scheme, in mixed case', url: 'Ftp://files.example.com/pub/cover.png' },
];
