/**
 * Image uploads: the type is read from the file's bytes (file-type), never from its name or the
 * declared type, and only raster formats browsers show safely are kept (no SVG, which can carry
 * scripts). Files get random names and are served back from the data directory.
 */
import { link, mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { RandomSource } from '../domain/random.ts';
import { problems } from '../http/problem.ts';
import { hasImageHeader, IMAGE_HEADER_BYTES } from './image-header.ts';

const ACCEPTED: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export class ImageService {
  constructor(
    private readonly directory: string,
    private readonly publicUrl: string,
    private readonly random: RandomSource,
  ) {}

  /** Keeps the uploaded file at `incoming` (on the same file system) if it is an accepted image. */
  async store(incoming: string): Promise<{ url: string }> {
    const detected = await fileTypeFromFile(incoming);
    const extension = detected && ACCEPTED[detected.mime];
    // A signature alone (GIF89a, FF D8 FF) is enough for file-type, not for an image (image-header.ts).
    if (!extension || !hasImageHeader(detected.mime, await firstBytes(incoming, IMAGE_HEADER_BYTES))) throw problems.unsupportedMediaType('The file is not a PNG, JPEG, GIF or WebP image.');
    const name = `${Buffer.from(this.random.bytes(16)).toString('hex')}.${extension}`;
    await mkdir(this.directory, { recursive: true });
    // A hard link, then the incoming name removed: the image appears whole or not at all, and never
    // overwrites another (a collision of 128 random bits would be a bug worth failing on).
    await link(incoming, path.join(this.directory, name));
    await rm(incoming, { force: true });
    return { url: `${this.publicUrl}/images/${name}` };
  }

  /** Keeps bytes the server made itself (the demo content) as an image, the way an upload is kept. */
  async storeBytes(bytes: Uint8Array): Promise<{ url: string }> {
    await mkdir(this.directory, { recursive: true });
    // A dot-name in the images directory: on the same file system for the link, and never served.
    const incoming = path.join(this.directory, `.incoming-${Buffer.from(this.random.bytes(8)).toString('hex')}`);
    await writeFile(incoming, bytes);
    try {
      return await this.store(incoming);
    } finally {
      await rm(incoming, { force: true });
    }
  }
}

/** Up to `count` bytes from the start of the file at `file`. */
async function firstBytes(file: string, count: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
