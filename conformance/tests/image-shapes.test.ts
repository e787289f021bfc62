/**
 * The shaped images the upload tests send (suite/images.ts) are still images of their type: by content,
 * as a server that reads the type from the bytes sees them (file-type, which the reference server uses),
 * and by structure (PNG chunks with right CRCs, a RIFF container whose chunks add up), and they carry
 * what the shape says: metadata, bytes after the image's end, of sizes drawn from the seed.
 */
import { crc32 } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { Random } from '../generate/random.ts';
import { SAMPLE_IMAGES, shapedImage, shapesOf } from '../suite/images.ts';

/** The PNG's chunk types in order, each CRC checked, and how many bytes follow IEND. */
function pngChunks(bytes: Buffer): { types: string[]; after: number } {
  const types: string[] = [];
  let offset = 8;
  for (;;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    expect(bytes.readUInt32BE(offset + 8 + length), `CRC of ${type}`).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + length)));
    types.push(type);
    offset += 12 + length;
    if (type === 'IEND') return { types, after: bytes.length - offset };
  }
}

/** The WebP's chunk types, the RIFF size checked against them, and how many bytes follow the container. */
function riffChunks(bytes: Buffer): { types: string[]; after: number } {
  const end = 8 + bytes.readUInt32LE(4);
  const types: string[] = [];
  let offset = 12;
  while (offset < end) {
    const length = bytes.readUInt32LE(offset + 4);
    types.push(bytes.toString('latin1', offset, offset + 4));
    offset += 8 + length + (length % 2);
  }
  expect(offset).toBe(end);
  return { types, after: bytes.length - end };
}

describe('shaped sample images', () => {
  for (const sample of SAMPLE_IMAGES) {
    for (const shape of shapesOf(sample)) {
      it(`keep ${sample.type}${sample.variant ? ` (${sample.variant})` : ''} ${shape} an image of its type`, async () => {
        for (const seed of [7, 11, 23]) {
          const image = shapedImage(sample, shape, new Random(seed));
          expect((await fileTypeFromBuffer(image.bytes))?.mime).toBe(sample.type);
          expect(image.bytes.length > sample.bytes.length).toBe(shape !== 'bare');
          const metadata = shape.includes('metadata');
          const trailing = shape.includes('trailing');
          if (sample.type === 'image/png') {
            const { types, after } = pngChunks(image.bytes);
            expect(types.includes('tEXt')).toBe(metadata);
            expect(after > 0).toBe(trailing);
          } else if (sample.type === 'image/webp') {
            const { types, after } = riffChunks(image.bytes);
            expect(types).toEqual(metadata ? ['VP8X', 'VP8L', 'XMP '] : ['VP8L']);
            expect(after > 0).toBe(trailing);
          } else if (sample.type === 'image/jpeg') {
            expect(image.bytes.includes(Buffer.from([0xff, 0xfe]))).toBe(metadata);
            if (trailing) expect(image.bytes.indexOf(Buffer.from([0xff, 0xd9])) > 0).toBe(true);
          } else {
            expect(image.bytes.includes(Buffer.from([0x21, 0xfe]))).toBe(metadata);
          }
        }
      });
    }
  }

  it('change with the seed', () => {
    const [png] = SAMPLE_IMAGES;
    const drawn = [7, 11, 23].map((seed) => shapedImage(png!, 'metadata and trailing', new Random(seed)).bytes.toString('hex'));
    expect(new Set(drawn).size).toBe(3);
  });
});
