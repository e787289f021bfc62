/**
 * Whether a file whose signature names an accepted type holds more than that signature: the fixed
 * header every image of the type starts with. file-type decides a type from the first bytes alone
 * ("GIF" is a GIF to it, FF D8 FF a JPEG, RIFF....WEBP a WebP), so a file of a signature and nothing
 * after it, which no viewer can show, would be kept as an image. The contract answers it 415
 * (image.supported-types: "An upload that is not a PNG, JPEG, GIF or WebP image is answered `415`").
 * This is no decoder: a file that has its type's header is taken as what the header says, as before.
 */

/** How many bytes of the file `hasImageHeader` reads: the longest header below. */
export const IMAGE_HEADER_BYTES = 33;

const latin1 = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** True when `head`, the file's first bytes, holds the whole fixed header of an image of `mime`. */
export function hasImageHeader(mime: string, head: Uint8Array): boolean {
  switch (mime) {
    // The signature, then the IHDR chunk (length 13, type, 13 bytes of data, CRC): 33 bytes.
    case 'image/png':
      return head.length >= 33 && latin1(head, 12, 16) === 'IHDR';
    // GIF87a or GIF89a, then the logical screen descriptor (7 bytes).
    case 'image/gif':
      return head.length >= 13 && /^GIF8[79]a$/.test(latin1(head, 0, 6));
    // SOI, then a marker segment: FF, a marker byte, and the segment's two-byte length.
    case 'image/jpeg':
      return head.length >= 6 && head[2] === 0xff && head[3] !== 0x00 && head[3] !== 0xff;
    // RIFF, its length and WEBP, then the first chunk's type (VP8, VP8L or VP8X) and length.
    case 'image/webp':
      return head.length >= 20 && ['VP8 ', 'VP8L', 'VP8X'].includes(latin1(head, 12, 16));
    default:
      return false;
  }
}
