/**
 * Cover pictures for the demo content, drawn here rather than shipped as binary files: a PNG of a
 * soft diagonal gradient between two colours with a band of lighter "horizon", the same bytes for the
 * same colours every time. Small (a few kilobytes, as a gradient compresses well) and real: the
 * image service reads the type from these bytes as it does from any upload.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** `#RRGGBB` as three channels. */
function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** A `width` × `height` RGB PNG fading from `from` (top left) to `to` (bottom right). */
export function gradientPng(from: string, to: string, width = 480, height = 252): Buffer {
  const a = channels(from);
  const b = channels(to);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    // A lighter band two thirds down, like a horizon, so covers are not flat.
    const horizon = Math.max(0, 1 - Math.abs(y / height - 0.66) * 8) * 40;
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c += 1) {
        rows[row + 1 + x * 3 + c] = Math.min(255, Math.round(a[c]! + (b[c]! - a[c]!) * t + horizon));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
