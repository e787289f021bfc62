/**
 * Every multipart/form-data body of an upload other than exactly one part named `file`, each with a
 * valid image where it has a file: a text part beside the file (before it, after it), an empty part
 * beside it, a part without a name beside it, a second file under another name, and the file alone
 * under another name. The contract takes "a single part named `file`" (uploadImage's description) and
 * answers `422` when "the `file` part is missing, or there is more than one part" (its 422, rule
 * image.one-file-part), `errors` naming each invalid input. A parser that drops what it does not
 * read (an HTML form's caption) and keeps the file stores the upload instead, and shows only on
 * such a body. Written byte for byte here (RFC 7578), so that a part without a name can be sent at all.
 */
import type { SampleFile } from './images.ts';

export interface UploadPartShape {
  /** How the failure names it. */
  what: string;
  body: Buffer;
  contentType: string;
  /** The names an `errors` entry may give the cause by: `file`, and each other part's name. */
  causes: string[];
}

const BOUNDARY = 'conformance-part-shapes';

/** One part: its Content-Disposition parameters, then the bytes. */
function part(disposition: string, bytes: Buffer, type?: string): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes, Buffer.from('\r\n', 'latin1')]);
}

const filePart = (image: SampleFile, name = 'file') => part(`; name="${name}"; filename="${image.name}"`, image.bytes, image.type);
const textPart = (name: string, text: string) => part(`; name="${name}"`, Buffer.from(text, 'utf8'));

/** The one shape the contract takes: a single part named `file` (for a test that varies something else). */
export function singleFileBody(image: SampleFile): { body: Buffer; contentType: string } {
  return { body: Buffer.concat([filePart(image), Buffer.from(`--${BOUNDARY}--\r\n`, 'latin1')]), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** The shapes, each around `image` (a second file is `other`, another image). */
export function uploadPartShapes(image: SampleFile, other: SampleFile): UploadPartShape[] {
  const shapes: Array<{ what: string; parts: Buffer[]; causes: string[] }> = [
    { what: 'a text part `caption` before the `file` part', parts: [textPart('caption', 'A caption, as a form sends it'), filePart(image)], causes: ['caption'] },
    { what: 'a text part `caption` after the `file` part', parts: [filePart(image), textPart('caption', 'A caption, as a form sends it')], causes: ['caption'] },
    { what: 'an empty text part `note` beside the `file` part', parts: [filePart(image), textPart('note', '')], causes: ['note'] },
    { what: 'a part without a name beside the `file` part', parts: [filePart(image), part('', Buffer.from('no name', 'latin1'))], causes: [] },
    { what: 'a second file, in a part named `image`, beside the `file` part', parts: [filePart(image), filePart(other, 'image')], causes: ['image'] },
    { what: 'the file alone in a part named `upload`, no `file` part', parts: [filePart(image, 'upload')], causes: ['upload'] },
  ];
  return shapes.map(({ what, parts, causes }) => ({
    what,
    body: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`, 'latin1')]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    causes: ['file', ...causes],
  }));
}
