/**
 * Tiny valid images, one per type the contract accepts, and a file that is not an image. Servers decide
 * the type from the content, so these carry real headers; they are one pixel each. `shapedImage` gives
 * each the shapes real files have (metadata, bytes after the image), drawn from the seed.
 */
import zlib from 'node:zlib';
import type { Random } from '../generate/random.ts';

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
  return { body, curlBody: `-F ${shellQuoted(`${field}=@${curlFileName(file.name)};type=${file.type}`)}` };
}

/** A file name as curl's -F reads it: one with a separator curl would split on given as `filename="..."` beside a plain local name. */
function curlFileName(name: string): string {
  if (!/[;,"\\]/.test(name)) return name;
  return `image;filename="${name.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}

/** A single-quoted shell word: a quote inside it closed, escaped and reopened. */
const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;


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
  // A PNG chunk's CRC-32 (ISO 3309) is zlib's, computed natively (Node 20.15 and later): byte by byte in
  // JavaScript it was 0.2 s of a default run's CPU, for its large padded PNGs.
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  return { name: 'large.png', type: 'image/png', bytes: Buffer.concat([pixel.subarray(0, headerEnd), chunk, pixel.subarray(headerEnd)]) };
}

/**
 * The shapes a real file of an accepted type takes besides the bare image: metadata an editor or a
 * camera writes into it (PNG text chunks, a JPEG comment segment, a GIF comment extension, WebP's
 * extended header with XMP), and bytes after the image's end (a thumbnail, an archive, padding some
 * tools append). A server that "cleans" a file on its way in serves other bytes than were uploaded,
 * and shows only on a file that has such parts (image.served-at-url).
 */
export type ImageShape = 'bare' | 'metadata' | 'trailing' | 'metadata and trailing';

/**
 * The shapes a sample can take: GIF87a has no extension blocks, so no metadata of its own; a WebP file
 * is its RIFF container, whose length field says where it ends, and a strict reader may refuse bytes
 * past it (a correct server then refuses a file the suite calls valid), so WebP has no trailing shape.
 */
export function shapesOf(sample: SampleFile): ImageShape[] {
  if (sample.variant === 'GIF87a') return ['bare', 'trailing'];
  if (sample.type === 'image/webp') return ['bare', 'metadata'];
  return ['bare', 'metadata', 'trailing', 'metadata and trailing'];
}

/** One of the sample's shapes, drawn from the seeded stream. */
export function someShapeOf(sample: SampleFile, random: Random): SampleFile {
  return shapedImage(sample, random.pick(shapesOf(sample)), random);
}

/**
 * The sample in that shape, its metadata and trailing bytes of a size and content drawn from `random`
 * (up to several KiB each). Still an image of the sample's type, by content and by structure.
 */
export function shapedImage(sample: SampleFile, shape: ImageShape, random: Random): SampleFile {
  if (shape === 'bare') return sample;
  let bytes = sample.bytes;
  if (shape === 'metadata' || shape === 'metadata and trailing') bytes = withMetadata(sample, bytes, random);
  if (shape === 'trailing' || shape === 'metadata and trailing') bytes = withTrailingBytes(sample, bytes, random);
  const variant = [sample.variant, shape === 'metadata and trailing' ? 'with metadata and bytes after its end' : shape === 'metadata' ? 'with metadata' : 'with bytes after its end'];
  return { ...sample, bytes, variant: variant.filter(Boolean).join(', ') };
}

/** Printable text of a drawn length, as metadata holds (a comment, a description, XMP). */
function metadataText(random: Random, min: number, max: number): Buffer {
  const length = random.int(min, max);
  let text = '';
  while (text.length < length) text += `${random.alphanumeric(random.int(1, 12))} `;
  return Buffer.from(text.slice(0, length), 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(data.length + 12);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

function withMetadata(sample: SampleFile, bytes: Buffer, random: Random): Buffer {
  switch (sample.type) {
    case 'image/png': {
      // tEXt chunks (keyword, NUL, text) after IHDR, as editors write them.
      const afterHeader = 8 + 25;
      const chunks = Array.from({ length: random.int(1, 3) }, (_, index) =>
        pngChunk('tEXt', Buffer.concat([Buffer.from(['Comment', 'Description', 'Software'][index]!, 'latin1'), Buffer.from([0]), metadataText(random, 16, 6000)])),
      );
      return Buffer.concat([bytes.subarray(0, afterHeader), ...chunks, bytes.subarray(afterHeader)]);
    }
    case 'image/jpeg': {
      // A COM segment after SOI and the APPn segments (JFIF's APP0 comes first).
      let offset = 2;
      while (bytes[offset] === 0xff && bytes[offset + 1]! >= 0xe0 && bytes[offset + 1]! <= 0xef) offset += 2 + bytes.readUInt16BE(offset + 2);
      const text = metadataText(random, 16, 6000);
      const segment = Buffer.alloc(4 + text.length);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(text.length + 2, 2);
      text.copy(segment, 4);
      return Buffer.concat([bytes.subarray(0, offset), segment, bytes.subarray(offset)]);
    }
    case 'image/gif': {
      // A comment extension (sub-blocks of at most 255 bytes) before the trailer.
      const text = metadataText(random, 16, 6000);
      const blocks: Buffer[] = [Buffer.from([0x21, 0xfe])];
      for (let at = 0; at < text.length; at += 255) {
        const part = text.subarray(at, at + 255);
        blocks.push(Buffer.from([part.length]), part);
      }
      blocks.push(Buffer.from([0]));
      const trailer = bytes.lastIndexOf(0x3b);
      return Buffer.concat([bytes.subarray(0, trailer), ...blocks, bytes.subarray(trailer)]);
    }
    case 'image/webp': {
      // The extended format: a VP8X header announcing XMP, the image's chunks, then an XMP chunk.
      if (bytes.toString('latin1', 12, 16) !== 'VP8L') throw new Error('WebP metadata is written for a lossless (VP8L) sample only');
      const bits = bytes.readUInt32LE(21);
      const [widthLess1, heightLess1] = [bits & 0x3fff, (bits >>> 14) & 0x3fff];
      const header = Buffer.alloc(18);
      header.write('VP8X', 0, 'latin1');
      header.writeUInt32LE(10, 4);
      header.writeUInt8(0x04, 8); // XMP metadata present
      header.writeUIntLE(widthLess1, 12, 3);
      header.writeUIntLE(heightLess1, 15, 3);
      const xmp = Buffer.concat([Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"><!-- ', 'latin1'), metadataText(random, 16, 6000), Buffer.from(' --></x:xmpmeta>', 'latin1')]);
      const xmpChunk = Buffer.alloc(8 + xmp.length + (xmp.length % 2));
      xmpChunk.write('XMP ', 0, 'latin1');
      xmpChunk.writeUInt32LE(xmp.length, 4);
      xmp.copy(xmpChunk, 8);
      const riffEnd = 8 + bytes.readUInt32LE(4);
      const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), header, bytes.subarray(12, riffEnd), xmpChunk]);
      const riff = Buffer.alloc(8);
      riff.write('RIFF', 0, 'latin1');
      riff.writeUInt32LE(body.length, 4);
      return Buffer.concat([riff, body]);
    }
    default:
      throw new Error(`no metadata shape for ${sample.type}`);
  }
}

/**
 * Multipart delimiters and near-delimiters, as binary data holds them now and then: CR LF and two
 * hyphens followed by what is not the boundary, the start of the boundaries form-data encoders write
 * (undici's `----formdata-undici-0`, browsers' `----WebKitFormBoundary`) cut short by a byte no
 * boundary has there, and whole lines of `--` and of `--` and other text. The upload is a
 * multipart/form-data body (RFC 7578, RFC 2046 section 5.1.1: the delimiter is CR LF, `--` and the
 * whole boundary), so a parser that ends the file part at the first CR LF `--`, or at a boundary's
 * prefix, keeps the file cut there, which image.served-at-url ("served, byte for byte") forbids.
 */
const NEAR_DELIMITERS = ['\r\n--', '\r\n------formdata-undici-0x', '\r\n------WebKitFormBoundary!', '\r\n--not-the-boundary\r\n', '\r\n--\r\n', '\r\n----\r\n'].map((text) => Buffer.from(text, 'latin1'));

/**
 * Bytes after the image's end: after IEND, EOI (written first where the sample has none) or the GIF
 * trailer. Random bytes, with every near-delimiter among them (each at a drawn place).
 */
function withTrailingBytes(sample: SampleFile, bytes: Buffer, random: Random): Buffer {
  const ended = sample.type === 'image/jpeg' && !(bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9) ? Buffer.concat([bytes, Buffer.from([0xff, 0xd9])]) : bytes;
  const trailing = Buffer.alloc(random.int(1, 8192));
  for (let index = 0; index < trailing.length; index++) trailing[index] = random.int(0, 255);
  const cuts = NEAR_DELIMITERS.map(() => random.int(0, trailing.length)).sort((a, b) => a - b);
  const parts = cuts.flatMap((cut, index) => [trailing.subarray(index === 0 ? 0 : cuts[index - 1]!, cut), NEAR_DELIMITERS[index]!]);
  return Buffer.concat([ended, ...parts, trailing.subarray(cuts.at(-1)!)]);
}
