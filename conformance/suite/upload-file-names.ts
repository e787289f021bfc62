/**
 * File names of every class of character an upload's file part can carry in its
 * `Content-Disposition` (RFC 7578 section 4.2: the name is sent as is, UTF-8 in practice, as browsers
 * and fetch's FormData do). uploadImage decides the image "from the file's content (not its name or
 * declared type)", so each of them is accepted and served like any other upload
 * (requests.valid-input-accepted, image.public-url): a server that reads, stores, logs or echoes the
 * name in a way that fails for some class (a header value past U+00FF, a path with a backslash, a name
 * longer than a file system's 255 bytes, a quote or a semicolon that ends a header parameter) shows
 * only on a name of that class.
 */
export const UPLOAD_FILE_NAMES: Array<{ what: string; name: string }> = [
  { what: 'no extension', name: 'photo' },
  { what: 'an extension of no image type', name: 'scan.bin' },
  { what: 'a space', name: 'IMG 0001' },
  { what: 'a leading dot', name: '.hidden' },
  { what: 'a Latin-1 letter', name: 'café.png' },
  { what: 'letters past U+00FF (Greek, Cyrillic)', name: 'Ωμέγα Фото.png' },
  { what: 'CJK characters', name: '写真.png' },
  { what: 'an emoji, 4 bytes in UTF-8', name: '🎉 party.png' },
  { what: 'a combining mark', name: 'cafe\u0301.png' },
  { what: 'right-to-left text and an override', name: 'صورة \u202Egnp.png' },
  { what: 'quotes', name: `say "cheese" it's.png` },
  { what: 'semicolons and an equals sign', name: 'a;b=c; filename=x.png' },
  { what: 'backslashes', name: 'C:\\photos\\pixel.png' },
  { what: 'percent signs', name: '100% %41%20%e2%82.png' },
  { what: 'a name of 300 characters', name: `${'long-name-'.repeat(30)}.png` },
];
