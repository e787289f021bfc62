/**
 * headers.location-created: a 201 names the created resource in `Location` (RFC 9110 section 10.2.2),
 * and that URL reads it back: `GET` of it answers 200 with the body the 201 carried. One test per
 * create whose 201 the contract gives a `Location`. An upload creates an image, which the API has no
 * operation to read: its Location is the image's public URL, the `url` of its answer
 * (image.location-is-url); that the URL serves the image is the image tests' to judge.
 *
 * Each create is also sent to its collection's path in the other forms a server may answer like the
 * path itself (collection-path-forms.ts: a trailing slash, capital letters), together with the read of
 * the first Location: where such a create is answered 201, its Location too is read by GET (200, the
 * same body) and by HEAD (200), since the contract's Location is the resource's URL whatever path the
 * create was sent to. A form answered otherwise (404: no such path) is not this test's to judge.
 */
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { imageUpload, SAMPLE_IMAGES } from '../images.ts';
import { COLLECTION_PATH_FORMS, type CollectionPathForm } from '../collection-path-forms.ts';
import { deleterOf } from '../../cases/run-case.ts';
import { fillPath, pathIdsFor, validBody } from '../requests.ts';

const { contract } = suiteContext();

/** How each create makes one resource through the suite's helpers (which also clean it up). */
const CREATES: Record<string, (t: Kit) => Promise<unknown>> = {
  createPage: (t) => new Resources(t).page('location'),
  createNewsletter: (t) => new Resources(t).newsletter('location'),
  createPost: (t) => new Resources(t).post(new Resources(t).sharedPageId()),
  createCategory: (t) => new Resources(t).category(new Resources(t).sharedPageId()),
  createEmail: (t) => new Resources(t).email(new Resources(t).sharedNewsletterId()),
};

/**
 * A create sent to the collection's path in another form, cleaned up where the API deletes; with the
 * GET and HEAD of its Location when it is answered 201 (what the test judges), else undefined.
 */
async function createdInForm(t: Kit, operationId: string, form: CollectionPathForm) {
  const operation = contract.operation(operationId);
  const ids = await pathIdsFor(t, operation);
  const created = await t.raw({ method: 'POST', path: form.of(fillPath(operation.path, ids)), body: JSON.stringify(validBody(t, operation, 'minimal')), contentType: 'application/json' });
  const id = (created.json as { id?: unknown } | undefined)?.id;
  const deleter = deleterOf(t, operation);
  if (deleter && typeof id === 'number') {
    t.cleanup(`${deleter.operationId} ${id}`, async () => {
      const { status } = await t.call(deleter, { ids: { ...ids, id } });
      if (status !== 204 && status !== 404) throw new Error(`answered ${status}`);
    });
  }
  if (created.status !== 201) return undefined;
  const location = new Headers(created.exchange.response?.headers).get('location');
  t.ensure(location !== null, `the 201 of ${operationId} sent to its path ${form.name} carries no Location`, { evidence: created.exchange });
  const url = new URL(location, created.exchange.request.url);
  const base = new URL(t.options.baseUrl.replace(/\/+$/, ''));
  // The Location's path and query as the suite's requests take them: relative to the base URL's path.
  const relative = url.origin === base.origin && url.pathname.startsWith(`${base.pathname}/`) ? url.pathname.slice(base.pathname.length) : undefined;
  t.ensure(relative !== undefined, `the 201 of ${operationId} sent to its path ${form.name} carries Location ${JSON.stringify(location)}, which resolves to ${url.href}, outside the base URL ${base.href}`, { evidence: created.exchange });
  const [get, head] = await Promise.all([t.raw({ method: 'GET', path: relative, query: url.search.slice(1) }), t.raw({ method: 'HEAD', path: relative, query: url.search.slice(1) })]);
  return { form, created, url: url.href, get, head };
}

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
      const [read, ...forms] = await Promise.all([t.raw({ method: 'GET', path: url.slice(base.length) }), ...COLLECTION_PATH_FORMS.map((form) => createdInForm(t, operationId, form))]);
      t.verify(read.status === 200 && JSON.stringify(read.json) === JSON.stringify(created), `GET ${url} (the 201's Location) answered ${read.status ?? 'nothing'} ${JSON.stringify(read.json)}; expected 200 with the created ${JSON.stringify(created)}`, { evidence: read.exchange });
      for (const sent of forms) {
        if (!sent) continue;
        const { form, created: made, url: location, get, head } = sent;
        const sentTo = `${operationId} sent to its collection's path ${form.name} (${new URL(made.exchange.request.url).pathname}) answered 201 with Location ${location}`;
        t.verify(get.status === 200 && JSON.stringify(get.json) === JSON.stringify(made.json), `${sentTo}, whose GET answered ${get.status ?? 'nothing'} ${JSON.stringify(get.json)}; expected 200 with the created ${JSON.stringify(made.json)}`, { evidence: get.exchange });
        t.verify(head.status === 200, `${sentTo}, whose HEAD answered ${head.status ?? 'nothing'}; expected 200, as GET`, { evidence: head.exchange });
      }
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
