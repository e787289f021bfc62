/**
 * Image uploads: the type is read from the file's bytes (file-type), never from its name or the
 * declared type, and only raster formats browsers show safely are kept (no SVG, which can carry
 * scripts). Files get random names and are served back from the data directory.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { problems } from '../http/problem.ts';

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
  ) {}

  async store(content: Buffer): Promise<{ url: string }> {
    const detected = await fileTypeFromBuffer(content);
    const extension = detected && ACCEPTED[detected.mime];
    if (!extension) throw problems.unsupportedMediaType('The file is not a PNG, JPEG, GIF or WebP image.');
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await mkdir(this.directory, { recursive: true });
    // `wx`: never overwrite; a name collision of 128 random bits would be a bug worth failing on.
    await writeFile(path.join(this.directory, name), content, { flag: 'wx' });
    return { url: `${this.publicUrl}/images/${name}` };
  }
}
