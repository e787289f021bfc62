/**
 * Tiny valid images, one per type the contract accepts, and a file that is not an image. Servers decide
 * the type from the content, so these carry real headers; they are one pixel each.
 */

export interface SampleFile {
  name: string;
  type: string;
  bytes: Buffer;
  /** What sets it apart from another sample of its type. */
  variant?: string;
}

const base64 = (text: string) => Buffer.from(text, 'base64');

export const SAMPLE_IMAGES: SampleFile[] = [
  { name: 'pixel.png', type: 'image/png', bytes: base64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=') },
  { name: 'pixel.gif', type: 'image/gif', bytes: base64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7') },
  { name: 'pixel.webp', type: 'image/webp', bytes: base64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==') },
  {
    name: 'pixel.jpg',
    type: 'image/jpeg',
    bytes: base64(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    ),
  },
  // The first GIF version: a reader that knows only the GIF89a signature refuses an image the contract takes.
  { name: 'pixel-87a.gif', type: 'image/gif', variant: 'GIF87a', bytes: Buffer.from('474946383761010001008000000000ffffff2c00000000010001000002024401003b', 'hex') },
];

/** An SVG: an image format the contract refuses (415), sent under an image type to show content decides. */
export const NOT_AN_ACCEPTED_IMAGE: SampleFile = {
  name: 'drawing.png',
  type: 'image/png',
  bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
};

/** A multipart body with one `file` part, and the curl argument that sends the same. */
export function imageUpload(file: SampleFile, field = 'file'): { body: FormData; curlBody: string } {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return { body, curlBody: `-F '${field}=@${file.name};type=${file.type}'` };
}

/** CRC-32 of PNG chunks (ISO 3309), computed here: zlib.crc32 is missing from older Node 20 releases. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A valid PNG of exactly `size` bytes: the one-pixel PNG with a private ancillary chunk (`prVt`, which
 * decoders skip) after its header, padded to the size with the byte `fill`, so PNGs of one size can
 * differ after their first bytes. Its type is a PNG by content and by structure.
 */
export function pngOfSize(size: number, fill = 0): SampleFile {
  const pixel = SAMPLE_IMAGES[0]!.bytes;
  const headerEnd = 8 + 25; // the signature, then the IHDR chunk (length, type, 13 bytes, CRC)
  const dataLength = size - pixel.length - 12;
  if (dataLength < 0) throw new Error(`A PNG cannot be smaller than ${pixel.length + 12} bytes with its padding chunk`);
  const chunk = Buffer.alloc(dataLength + 12);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('prVt', 4, 'latin1');
  chunk.fill(fill, 8, 8 + dataLength);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  return { name: 'large.png', type: 'image/png', bytes: Buffer.concat([pixel.subarray(0, headerEnd), chunk, pixel.subarray(headerEnd)]) };
}
