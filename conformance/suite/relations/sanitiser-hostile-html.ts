/**
 * HTML that a sanitiser, an HTML parser and serialiser, or a normaliser would change, for the HTML
 * content a body takes beside Markdown: "a `content_html` given as text ... is stored as sent"
 * (requests.html-over-markdown; createPost: "HTML sent as `content_html` is stored as sent too"), so
 * every construct below comes back character for character, in the answer, the get and the list.
 *
 * One text holds them all, so one request per operation catches a server that touches any of them:
 * a sanitiser drops script, noscript and style elements, embedded frames and objects, forms, link,
 * meta and base elements, `on*` and `style` attributes, `javascript:` and `data:` URLs and comments;
 * a parser and serialiser (a DOM round trip) drops the doctype and CDATA, closes unclosed tags,
 * untangles misnested ones, lower-cases tag and attribute names, quotes attributes with `"`, decodes
 * character references (or encodes a bare `&` as `&amp;`), expands a self-closing non-void element
 * and moves a template's or SVG's content; a normaliser makes line ends alike and collapses runs of
 * white space. Markup-looking text inside a script string and inside a
 * comment shows a sanitiser that cuts at the first `</p>` it meets. Relative URLs in every form (a
 * path from the root, a path, `./` and `../`, a query alone, a scheme-relative `//host`, in `href`,
 * `src`, `srcset`, `action` and `poster`, double- and single-quoted) show a read or a write that
 * resolves them against the service's origin or a base ("mail-ready" or "feed-ready" links); an
 * absolute `mailto:` and a `#fragment` beside them are left alone by such a rewrite, as they must be.
 *
 * Within content_html's schema: only tab, LF and CR of the control characters (its pattern), and a few
 * hundred characters (its maxLength is 500,000).
 */
export const SANITISER_HOSTILE_HTML = [
  '<!DOCTYPE html>\r\n',
  '<!-- a comment holding <p>markup</p> --><!--[if mso]><table><tr><td><![endif]-->\r\n',
  '<SCRIPT type="text/javascript">var closing = "</p><b>"; if (1 < 2 && 3 > 2) {}</SCRIPT>',
  '<script src="https://player.example/embed.js" async></script><script type="application/ld+json">{"@type":"Article"}</script>',
  '<noscript><img src="https://example.com/pixel.gif"></noscript>\n',
  '<link rel="stylesheet" href="https://example.com/a.css"><meta http-equiv="refresh" content="0"><base href="https://example.com/">\n',
  "<style>p > a[href^='http'] { color: red }</style>\n",
  '<iframe src="https://player.example/embed"></iframe><object data="https://example.com/movie.swf"></object><embed src="https://example.com/movie.swf">\n',
  "<P CLASS=intro onclick=\"alert(1)\" data-quote='single'>Unclosed <b><i>misnested</b></i> ",
  '<a HREF="javascript:alert(1)">link</a> <a href="JaVaScRiPt:void(0)" style="color:red" target=_blank>other</a> <img src=x onerror=alert(1)>\n',
  '<form action="https://example.com/"><input name=q><button>Go</button></form><iframe srcdoc="<p>inner</p>" src="data:text/html,hi"></iframe>\n',
  '&#x41;&#65;&amp;&nbsp;&lt;&copy & bare & <div class="empty"/> <template><td>cell</td></template>\n',
  '<svg viewBox="0 0 1 1"><circle r="1"/><foreignObject><p>in svg</p></foreignObject></svg><math><mi>x</mi><mo>&InvisibleTimes;</mo></math>',
  '<a href="/offers">root</a> <a href="offers/spring?x=1#top">path</a> <a href="./here">dot</a> <a href="../up">up</a> <a href="?page=2">query</a> <a href=\'single/quoted\'>single</a> ',
  '<img src="images/logo.png" srcset="images/logo-2x.png 2x, /logo-3x.png 3x" alt=""><script src="//cdn.example/x.js"></script><video poster="thumb.jpg" src="/clip.mp4"></video>',
  '<form action="subscribe"></form> <a href="mailto:news@example.com">mail</a> <a href="#section">anchor</a>\n',
  '<![CDATA[raw <data> & more]]>\r\n',
  '   runs  of\t\twhite   space   \r\n\r\n<p>The end.</p>',
].join('');
