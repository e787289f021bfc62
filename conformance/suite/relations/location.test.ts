/**
 * headers.location-created: a 201 names the created resource in `Location` (RFC 9110 section 10.2.2),
 * and that URL reads it back: `GET` of it answers 200 with the body the 201 carried. One test per
 * create whose 201 the contract gives a `Location`. An upload creates an image, which the API has no
 * operation to read: its Location is the image's public URL, the `url` of its answer
 * (image.location-is-url); that the URL serves the image is the image tests' to judge.
 */
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { imageUpload, SAMPLE_IMAGES } from '../images.ts';

const { contract } = suiteContext();

/** How each create makes one resource through the suite's helpers (which also clean it up). */
const CREATES: Record<string, (t: Kit) => Promise<unknown>> = {
  createPage: (t) => new Resources(t).page('location'),
  createNewsletter: (t) => new Resources(t).newsletter('location'),
  createPost: (t) => new Resources(t).post(new Resources(t).sharedPageId()),
  createCategory: (t) => new Resources(t).category(new Resources(t).sharedPageId()),
  createEmail: (t) => new Resources(t).email(new Resources(t).sharedNewsletterId()),
};

const declaresLocation = (operationId: string) =>
  contract.operation(operationId).responses.some((response) => response.status === '201' && response.headers.some((header) => header.name.toLowerCase() === 'location'));

for (const [operationId, create] of Object.entries(CREATES)) {
  if (!contract.hasOperation(operationId) || !declaresLocation(operationId)) continue;
  forOperation(operationId, (test) => {
    test('answers 201 with a Location that GET reads back, the same body', { check: 'location_created', rules: ['headers.location-created'], needs: ['state'] }, async (t: Kit) => {
      const created = await create(t);
      const exchange = t.exchangeOf();
      t.ensure(exchange?.response?.status === 201, `${operationId} answered ${exchange?.response?.status ?? 'nothing'}`, { evidence: exchange });
      const location = new Headers(exchange.response.headers).get('location');
      t.ensure(location !== null, `the 201 of ${operationId} carries no Location`, { evidence: exchange });
      const url = new URL(location, exchange.request.url).href;
      const base = t.options.baseUrl.replace(/\/+$/, '');
      t.ensure(url.startsWith(`${base}/`), `Location is ${JSON.stringify(location)}, which resolves to ${url}, outside the base URL ${base}`, { evidence: exchange });
      const read = await t.raw({ method: 'GET', path: url.slice(base.length) });
      t.verify(read.status === 200 && JSON.stringify(read.json) === JSON.stringify(created), `GET ${url} (the 201's Location) answered ${read.status ?? 'nothing'} ${JSON.stringify(read.json)}; expected 200 with the created ${JSON.stringify(created)}`, { evidence: read.exchange });
    });
  });
}

if (contract.hasOperation('uploadImage') && declaresLocation('uploadImage')) {
  forOperation('uploadImage', (test) => {
    test("answers 201 with the image's public URL in Location, the answer's url", { check: 'location_created', rules: ['image.location-is-url'], needs: ['state'] }, async (t: Kit) => {
      const { json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(SAMPLE_IMAGES[0]!) });
      t.ensure(exchange.response?.status === 201, `uploadImage answered ${exchange.response?.status ?? 'nothing'}`, { evidence: exchange });
      const url = (json as { url?: unknown } | undefined)?.url;
      t.ensure(typeof url === 'string' && URL.canParse(url), `the 201 of uploadImage carries no absolute url: ${JSON.stringify(url)}`, { evidence: exchange });
      const location = new Headers(exchange.response.headers).get('location');
      t.ensure(location !== null, 'the 201 of uploadImage carries no Location', { evidence: exchange });
      const resolved = new URL(location, exchange.request.url).href;
      t.verify(resolved === new URL(url).href, `Location is ${JSON.stringify(location)}, which resolves to ${resolved}; expected the image's URL ${url}`, { evidence: exchange });
    });
  });
}
