/**
 * Files too short to be an image, each sent as an upload: an empty file, one byte, the first bytes of an
 * accepted type's signature, and each accepted type's signature with nothing after it. None is a PNG,
 * JPEG, GIF or WebP image, so each is a 415 (image.supported-types: "An upload that is not a PNG, JPEG,
 * GIF or WebP image is answered `415`; ... no file part, or two, `422`"): an empty file is a file part
 * all the same, not a missing one, and a signature alone is no image, though a reader that decides the
 * type from the first bytes (file-type's) names one. A server that takes an empty part for no part
 * (422), or keeps a bare signature as an image (201), shows only on such files.
 */
import type { Random } from '../generate/random.ts';
import { SAMPLE_IMAGES, type SampleFile } from './images.ts';

export interface DegenerateUpload {
  /** How the failure names it. */
  what: string;
  file: SampleFile;
}

/** Each accepted type's signature: the bytes a reader tells the type by, and nothing of the image. */
const SIGNATURES: Array<{ type: string; bytes: Buffer }> = [
  { type: 'image/png', bytes: Buffer.from('89504e470d0a1a0a', 'hex') },
  { type: 'image/jpeg', bytes: Buffer.from('ffd8ff', 'hex') },
  { type: 'image/gif', bytes: Buffer.from('GIF89a', 'latin1') },
  { type: 'image/webp', bytes: Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBP', 'latin1')]) },
];

const sampleOf = (type: string) => SAMPLE_IMAGES.find((sample) => sample.type === type)!;

/**
 * The degenerate files of a run: the empty file and each signature alone always, one byte and the start
 * of a signature of a type drawn from the seed (every type's over a few seeds), each under the name and
 * declared type of an image of the type it starts like. Seven small uploads, sent at once.
 */
export function degenerateUploads(random: Random): DegenerateUpload[] {
  const drawn = random.pick(SIGNATURES);
  const as = (type: string, bytes: Buffer): SampleFile => ({ ...sampleOf(type), bytes, variant: undefined });
  return [
    { what: 'an empty file (0 bytes)', file: as(drawn.type, Buffer.alloc(0)) },
    { what: `one byte, the first of a ${drawn.type} signature`, file: as(drawn.type, drawn.bytes.subarray(0, 1)) },
    { what: `the first ${Math.ceil(drawn.bytes.length / 2)} bytes of a ${drawn.type} signature`, file: as(drawn.type, drawn.bytes.subarray(0, Math.ceil(drawn.bytes.length / 2))) },
    ...SIGNATURES.map(({ type, bytes }) => ({ what: `a ${type} signature alone (${bytes.length} bytes, nothing after it)`, file: as(type, bytes) })),
  ];
}
