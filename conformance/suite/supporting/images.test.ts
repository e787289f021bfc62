/**
 * uploadImage (supporting): an uploaded image is served at the URL the answer gives, byte for byte.
 */
import { forOperation } from '../harness.ts';
import { imageUpload, SAMPLE_IMAGES } from '../images.ts';
import type { Kit } from '../kit.ts';

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
});
