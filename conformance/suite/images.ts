/**
 * Tiny valid images, one per type the contract accepts, and a file that is not an image. Servers decide
 * the type from the content, so these carry real headers; they are one pixel each.
 */

export interface SampleFile {
  name: string;
  type: string;
  bytes: Buffer;
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
