/**
 * uploadImage (supporting): an uploaded image is served at the URL the answer gives, byte for byte, to
 * anyone (no token), with its image type, each upload at its own URL however alike two images are;
 * the 10 MiB limit counts the file, not the multipart framing.
 */
import { forOperation } from '../harness.ts';
import { imageUpload, pngOfSize, SAMPLE_IMAGES } from '../images.ts';
import type { Kit } from '../kit.ts';

/** The contract's limit for the file of an upload: 10 MiB. */
const IMAGE_LIMIT = 10 * 1024 * 1024;

forOperation('uploadImage', (test) => {
  test('serves the uploaded image at the URL it answers', { check: 'ensure_resource_availability', rules: ['image.served-at-url', 'resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    const image = SAMPLE_IMAGES[0]!;
    const { json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(image) });
    const url = (json as { url?: string } | undefined)?.url;
    t.ensure(typeof url === 'string', `answered ${exchange.response?.status ?? 'nothing'} without a url`, { evidence: exchange });
    // Not an operation of the contract: fetched directly, without the token, as a browser would.
    const served = await fetch(url, { signal: AbortSignal.timeout(t.options.requestTimeoutSeconds * 1000) }).catch((error: Error) => error);
    if (served instanceof Error) return void t.verify(false, `GET ${url} failed: ${served.message}`, { evidence: exchange });
    const bytes = Buffer.from(await served.arrayBuffer());
    t.verify(served.status === 200 && bytes.equals(image.bytes), `GET ${url} answered ${served.status} with ${bytes.length} bytes; expected the ${image.bytes.length} bytes uploaded`, { evidence: exchange });
  });

  test('serves each upload at its own URL: images of one type and size, alike in their first bytes, stay apart', { check: 'ensure_resource_availability', rules: ['image.served-at-url', 'resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    // A server that names stored files by part of the content, the first bytes or the size, gives the
    // second of two such images the first one's URL; the same image twice is served either way.
    const images = [pngOfSize(4096, 0x11), pngOfSize(4096, 0x22), pngOfSize(4096, 0x11)];
    const urls: string[] = [];
    for (const image of images) {
      const { json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(image) });
      const url = (json as { url?: string } | undefined)?.url;
      t.ensure(typeof url === 'string', `answered ${exchange.response?.status ?? 'nothing'} without a url`, { evidence: exchange });
      urls.push(url);
    }
    for (const [index, url] of urls.entries()) {
      const served = await fetch(url, { signal: AbortSignal.timeout(t.options.requestTimeoutSeconds * 1000) }).catch((error: Error) => error);
      if (served instanceof Error) return void t.verify(false, `GET ${url} failed: ${served.message}`);
      const bytes = Buffer.from(await served.arrayBuffer());
      const which = ['the first', 'the second, which differs from the first after its first bytes', 'the first one again'][index];
      t.verify(served.status === 200 && bytes.equals(images[index]!.bytes), `GET ${url}, the URL of ${which} of three uploads of ${images[index]!.bytes.length} bytes, answered ${served.status} with ${bytes.length} bytes${bytes.equals(images[0]!.bytes) && index === 1 ? ' of the first upload' : ''}; expected the bytes uploaded`);
    }
  });

  test('answers an absolute URL that anyone can fetch without a token, with the image type', { check: 'ensure_resource_availability', rules: ['image.public-url'], needs: ['state'] }, async (t: Kit) => {
    const image = SAMPLE_IMAGES[1]!;
    const { json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(image) });
    const url = (json as { url?: string } | undefined)?.url;
    t.ensure(typeof url === 'string', `answered ${exchange.response?.status ?? 'nothing'} without a url`, { evidence: exchange });
    t.ensure(/^https?:\/\//.test(url), `the url ${url} is not an absolute http(s) URL`, { evidence: exchange });
    // No Authorization header at all, as an <img> element of any page sends it.
    const served = await fetch(url, { signal: AbortSignal.timeout(t.options.requestTimeoutSeconds * 1000) }).catch((error: Error) => error);
    if (served instanceof Error) return void t.verify(false, `GET ${url} failed: ${served.message}`, { evidence: exchange });
    await served.arrayBuffer();
    const type = served.headers.get('content-type') ?? '';
    t.verify(served.status === 200, `GET ${url} without a token answered ${served.status}; expected 200`, { evidence: exchange });
    t.verify(type.split(';')[0]!.trim().toLowerCase() === image.type, `GET ${url} answered Content-Type ${JSON.stringify(type)}; expected ${image.type}`, { evidence: exchange });
  });

  test('serves each image with the type its content shows, whatever file name and type the upload gave it', { check: 'ensure_resource_availability', rules: ['image.public-url'], needs: ['state'] }, async (t: Kit) => {
    // Each sample sent under the name and declared type of the next one: a PNG as photo.jpg image/jpeg, ...
    for (const [index, image] of SAMPLE_IMAGES.entries()) {
      const disguise = SAMPLE_IMAGES[(index + 1) % SAMPLE_IMAGES.length]!;
      const sent = { ...image, name: `photo${disguise.name.slice(disguise.name.lastIndexOf('.'))}`, type: disguise.type };
      const { json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(sent) });
      const url = (json as { url?: string } | undefined)?.url;
      t.ensure(typeof url === 'string', `an image of ${image.type} sent as ${sent.name} (${sent.type}) answered ${exchange.response?.status ?? 'nothing'} without a url; expected 201`, { evidence: exchange });
      const served = await fetch(url, { signal: AbortSignal.timeout(t.options.requestTimeoutSeconds * 1000) }).catch((error: Error) => error);
      if (served instanceof Error) return void t.verify(false, `GET ${url} failed: ${served.message}`, { evidence: exchange });
      const bytes = Buffer.from(await served.arrayBuffer());
      const type = (served.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      t.verify(
        served.status === 200 && type === image.type && bytes.equals(image.bytes),
        `an image of ${image.type} uploaded as ${sent.name} (${sent.type}) is served at ${url} with ${served.status}, Content-Type ${type || 'none'} and ${bytes.length} bytes; expected 200 ${image.type} with the ${image.bytes.length} bytes uploaded: the type is the content's`,
        { evidence: exchange },
      );
    }
  });

  test('counts the 10 MiB limit on the file: exactly 10 MiB is accepted, one byte more is 413', { check: 'negative_data_rejection', rules: ['image.size-limit'], needs: ['size_limit', 'upload_inspection'], timeoutMs: 60_000 }, async (t: Kit) => {
    const atLimit = pngOfSize(IMAGE_LIMIT);
    const accepted = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(atLimit) });
    t.verify(accepted.status === 201, `a PNG of exactly ${IMAGE_LIMIT} bytes answered ${accepted.status ?? 'nothing'}; expected 201 (the multipart framing does not count)`, { check: 'positive_data_acceptance', evidence: accepted.exchange });
    const over = pngOfSize(IMAGE_LIMIT + 1);
    const refused = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(over) });
    t.verify(refused.status === 413, `a PNG of ${IMAGE_LIMIT + 1} bytes answered ${refused.status ?? 'nothing'}; expected 413`, { evidence: refused.exchange });
  });
});
