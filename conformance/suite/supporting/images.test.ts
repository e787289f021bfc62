/**
 * uploadImage (supporting): an uploaded image is served at the URL the answer gives, byte for byte, to
 * anyone (no token), with its image type, at every size up to the limit, every accepted type in the
 * shapes real files have (metadata, bytes after the image's end; drawn from the seed), each upload at
 * its own URL however alike two images are, the same file uploaded again included (image.url-per-upload);
 * the 10 MiB limit counts the file, not the multipart framing. Every URL read is also asked with HEAD,
 * which answers what GET does without the body (served-images.ts, http.head). Every form the start of a
 * real file of an accepted type takes is accepted and served back (image-forms.ts); an upload sent with
 * any Content-Encoding is a 415 (upload-encodings.ts), and every body but a single part named `file` a
 * 422 that names the cause (upload-part-shapes.ts); every framing of that part RFC 2046 and RFC 7578
 * allow (a preamble, an epilogue, a quoted boundary, ...) is the plain upload (upload-framings.ts).
 */
import type { Exchange } from '../../http/exchange.ts';
import { forOperation } from '../harness.ts';
import { imageUpload, NOT_AN_ACCEPTED_IMAGE, pngOfSize, SAMPLE_IMAGES, shapedImage, shapesOf, someShapeOf, type SampleFile } from '../images.ts';
import type { Kit } from '../kit.ts';
import { degenerateUploads } from '../degenerate-uploads.ts';
import { judgeNoSuchPaths, noSuchPaths } from '../no-such-paths.ts';
import { IMAGE_FORMS } from '../image-forms.ts';
import { fetchServed, readServed } from '../served-images.ts';
import { SAMPLES, unrandomValues } from '../random-names.ts';
import { UPLOAD_ENCODINGS } from '../upload-encodings.ts';
import { UPLOAD_FILE_NAMES } from '../upload-file-names.ts';
import { uploadFramings } from '../upload-framings.ts';
import { singleFileBody, uploadPartShapes } from '../upload-part-shapes.ts';

/** The contract's limit for the file of an upload: 10 MiB. */
const IMAGE_LIMIT = 10 * 1024 * 1024;

/** Uploads the file and answers the `url` of the answer; an answer without one ends the test. */
async function upload(t: Kit, file: SampleFile, what = 'the upload'): Promise<{ url: string; exchange: Exchange }> {
  const { json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(file) });
  const url = (json as { url?: string } | undefined)?.url;
  t.ensure(typeof url === 'string', `${what} answered ${exchange.response?.status ?? 'nothing'} without a url`, { evidence: exchange });
  return { url, exchange };
}

forOperation('uploadImage', (test) => {
  test('serves every accepted type at the URL it answers, byte for byte, bare and in the shapes real files have: metadata, bytes after the image, both', { check: 'ensure_resource_availability', rules: ['image.served-at-url', 'resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    // A server that rewrites a file on its way in (cuts what follows the image's end, strips metadata)
    // serves a bare image right and shows only on a file that has such parts.
    for (const sample of SAMPLE_IMAGES) {
      for (const shape of shapesOf(sample)) {
        const image = shapedImage(sample, shape, t.random);
        const as = `an image of ${image.type}${image.variant ? ` (${image.variant})` : ''}, ${image.bytes.length} bytes`;
        const { url, exchange } = await upload(t, image, as);
        const served = await fetchServed(t, url, exchange);
        if (!served) return;
        t.verify(served.status === 200 && served.bytes.equals(image.bytes), `${as}, is served at ${url} with ${served.status} and ${served.bytes.length} bytes${served.bytes.length === image.bytes.length ? ' that differ from those uploaded' : ''}; expected the bytes uploaded`, { evidence: exchange });
      }
    }
  });

  test("answers HEAD of each uploaded image's URL as GET, without the body: every accepted type, bare and in a shape drawn from the seed, and a URL beside them that serves nothing", { check: 'head_as_get', rules: ['http.head'], needs: ['state', 'head'] }, async (t: Kit) => {
    // The URLs an upload answers are served outside the contract's paths, where the HEAD tests of the
    // paths do not go: a handler whose HEAD branch differs from its GET (a type left out, a length of
    // its own) shows only on a HEAD of these. Every other test that reads an image asks HEAD too.
    let last: string | undefined;
    for (const sample of SAMPLE_IMAGES) {
      for (const image of [sample, someShapeOf(sample, t.random)]) {
        const { url, exchange } = await upload(t, image, `an upload of ${image.type}${image.variant ? ` (${image.variant})` : ''}`);
        const served = await fetchServed(t, url, exchange);
        if (!served) return;
        t.verify(served.status === 200, `GET ${url} without a token answered ${served.status}; expected 200`, { check: 'ensure_resource_availability', evidence: exchange, rules: ['image.public-url'] });
        last = url;
      }
    }
    // Beside them, a name no upload was given: whatever GET answers there (a 404), HEAD answers it too,
    // its Content-Length that of GET's body (a 404 whose detail names the method is a byte longer).
    if (last) await fetchServed(t, last.replace(/[^/]*$/, `${t.names.name('missing').toLowerCase()}.png`));
  });

  test('serves each upload at its own URL: images of one type and size, alike in their first bytes, stay apart', { check: 'ensure_resource_availability', rules: ['image.served-at-url', 'resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    // A server that names stored files by part of the content, the first bytes or the size, gives the
    // second of two such images the first one's URL; the same image twice is served either way.
    const images = [pngOfSize(4096, 0x11), pngOfSize(4096, 0x22), pngOfSize(4096, 0x11)];
    const urls: string[] = [];
    for (const image of images) urls.push((await upload(t, image)).url);
    const which = ['the first', 'the second, which differs from the first after its first bytes', 'the first one again'];
    for (const [index, url] of urls.entries()) {
      const served = await fetchServed(t, url);
      if (!served) return;
      const firstInstead = index === 1 && served.bytes.equals(images[0]!.bytes) ? ' of the first upload' : '';
      t.verify(
        served.status === 200 && served.bytes.equals(images[index]!.bytes),
        `GET ${url}, the URL of ${which[index]} of three uploads of ${images[index]!.bytes.length} bytes, answered ${served.status} with ${served.bytes.length} bytes${firstInstead}; expected the bytes uploaded`,
      );
    }
  });

  test(`answers every upload a URL of its own, random as the contract states: the same file uploaded again, ${SAMPLES} times one after another and several at once`, { check: 'ensure_resource_availability', rules: ['image.url-per-upload', 'image.url-unguessable', 'image.served-at-url'], needs: ['state'] }, async (t: Kit) => {
    // A server that names stored files by their content (a hash, to keep a picture once) answers the
    // same file's URL again: whoever holds a file learns whether, and where, it was uploaded.
    const image = someShapeOf(t.random.pick(SAMPLE_IMAGES), t.random);
    const inSequence: string[] = [];
    for (let index = 0; index < SAMPLES; index++) inSequence.push((await upload(t, image, `upload ${index + 1} of the same file, in sequence`)).url);
    const atOnce = await Promise.all([0, 1, 2].map(async (index) => (await upload(t, image, `upload ${index + 1} of the same file, sent at once`)).url));
    const urls = [...inSequence, ...atOnce];
    const repeated = urls.filter((url, index) => urls.indexOf(url) !== index);
    t.verify(repeated.length === 0, `${urls.length} uploads of the same ${image.bytes.length} bytes (${SAMPLES} in sequence, three at once) answered ${new Set(urls).size} URLs; ${[...new Set(repeated)].join(', ')} was answered to more than one`, { rules: ['image.url-per-upload'] });
    // Names made one after another, judged together (random-names.ts): a time or a counter in them,
    // or fewer random bits than stated, shows across several where no pair of them shows it.
    for (const problem of unrandomValues(inSequence, 96, "uploads' URLs")) t.verify(false, problem, { check: 'upload_url_own', rules: ['image.url-unguessable'] });
    // Reading two of those in sequence is enough for what is served: the names are judged above.
    for (const url of new Set([...inSequence.slice(0, 2), ...atOnce])) {
      const served = await fetchServed(t, url);
      if (!served) return;
      t.verify(served.status === 200 && served.bytes.equals(image.bytes), `GET ${url} answered ${served.status} with ${served.bytes.length} bytes; expected the ${image.bytes.length} bytes uploaded`, { rules: ['image.served-at-url'] });
    }
  });

  test('answers an absolute URL that anyone can fetch without a token, with the image type', { check: 'ensure_resource_availability', rules: ['image.public-url'], needs: ['state'] }, async (t: Kit) => {
    const image = someShapeOf(t.random.pick(SAMPLE_IMAGES), t.random);
    const { url, exchange } = await upload(t, image);
    t.ensure(/^https?:\/\//.test(url), `the url ${url} is not an absolute http(s) URL`, { evidence: exchange });
    const served = await fetchServed(t, url, exchange);
    if (!served) return;
    t.verify(served.status === 200, `GET ${url} without a token answered ${served.status}; expected 200`, { evidence: exchange });
    t.verify(served.type === image.type, `GET ${url} answered Content-Type ${JSON.stringify(served.type)}; expected ${image.type}`, { evidence: exchange });
  });

  test("answers every path no operation has 404 with a not-found problem document, to GET and HEAD: one under the base path, one beside it, and the near misses of an image's URL (another name, another extension, none, a trailing slash, the name or extension in the other letter case)", { check: 'unknown_path', rules: ['errors.no-such-path', 'errors.problem-details', 'responses.media-type'], needs: ['state'] }, async (t: Kit) => {
    // The images are served by what serves no operation (no-such-paths.ts): an image's URL is where
    // the near misses lie, so one upload first; the rest of the requests go at once.
    const { url } = await upload(t, someShapeOf(t.random.pick(SAMPLE_IMAGES), t.random));
    await judgeNoSuchPaths(t, noSuchPaths(t, url));
  });

  test('refuses every file too short to be an image with 415: an empty file, one byte, the start of a signature, each type\'s signature alone', { check: 'negative_data_rejection', rules: ['image.supported-types'], needs: ['upload_inspection'] }, async (t: Kit) => {
    // degenerate-uploads.ts: an empty part is a file, not a missing one (not 422), and a signature is
    // no image (not 201). All at once: each is its own upload.
    await Promise.all(
      degenerateUploads(t.random).map(async ({ what, file }) => {
        const { status, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(file) });
        t.verify(status === 415, `an upload of ${what}, as ${file.name} (${file.type}), answered ${status ?? 'nothing'}; expected 415: it is not a PNG, JPEG, GIF or WebP image`, { evidence: exchange });
      }),
    );
  });

  test('accepts every form the start of a real file of each accepted type takes, and serves each byte for byte with its type: JPEG after JFIF, Exif, an ICC profile, Adobe APP14 or no APP segment, PNG, GIF87a and GIF89a, WebP lossy, lossless and extended', { check: 'positive_data_acceptance', rules: ['image.supported-types', 'requests.valid-input-accepted', 'image.served-at-url'], needs: ['state'] }, async (t: Kit) => {
    // image-forms.ts: "An upload that is not a PNG, JPEG, GIF or WebP image is answered `415`"
    // (image.supported-types), so every form is a 201; a type told by one form's magic number refuses
    // the others. All at once, each read back by one GET (its HEAD and token reads are judged above).
    await Promise.all(
      IMAGE_FORMS.map(async (image) => {
        const as = `an image of ${image.type} (${image.variant}), ${image.bytes.length} bytes`;
        const { status, json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(image) });
        const url = (json as { url?: unknown } | undefined)?.url;
        if (!t.verify(status === 201 && typeof url === 'string', `${as} answered ${status ?? 'nothing'}${status === 201 ? ' without a url' : ''}; expected 201 with its url: it is an image of ${image.type}, which the contract accepts (image.supported-types)`, { evidence: exchange })) return;
        const served = await readServed(t, url as string, exchange);
        if (!served) return;
        t.verify(served.status === 200 && served.type === image.type && served.bytes.equals(image.bytes), `${as} is served at ${String(url)} with ${served.status}, Content-Type ${served.type || 'none'} and ${served.bytes.length} bytes; expected 200 ${image.type} with the ${image.bytes.length} bytes uploaded`, { check: 'ensure_resource_availability', evidence: exchange, rules: ['image.served-at-url', 'image.public-url'] });
      }),
    );
  });

  test('refuses an upload sent with any Content-Encoding with 415, coded or not: gzip, deflate, br, a plain body labelled gzip, an unknown coding, a list of two; identity is 201 or 415', { check: 'negative_data_rejection', rules: ['image.no-content-encoding'], needs: ['content_decoding'] }, async (t: Kit) => {
    // upload-encodings.ts: the contract takes the body "as is, without a `Content-Encoding`" and
    // answers one sent with a Content-Encoding 415 (image.no-content-encoding). Each its own upload,
    // all at once.
    const image = t.random.pick(SAMPLE_IMAGES);
    const { body, contentType } = singleFileBody(image);
    await Promise.all(
      UPLOAD_ENCODINGS.map(async ({ what, label, code, expected }) => {
        const { status, exchange } = await t.raw({ method: 'POST', path: '/images/upload', body: code(body), contentType, headers: { 'Content-Encoding': label } });
        t.verify(status !== undefined && expected.includes(status), `an upload of an image of ${image.type} ${what} (Content-Encoding: ${label}) answered ${status ?? 'nothing'}; expected ${expected.join(' or ')}: an upload is sent without a Content-Encoding (uploadImage's 415)`, { evidence: exchange });
      }),
    );
  });

  test('refuses every multipart body but a single part named file with 422 naming the cause: a text part before or after the file, an empty part, a part without a name, a second file under another name, the file under another name', { check: 'negative_data_rejection', rules: ['image.one-file-part'], needs: ['upload_inspection'] }, async (t: Kit) => {
    // upload-part-shapes.ts: "a single part named `file`"; 422 when "the `file` part is missing, or
    // there is more than one part", `errors` naming each invalid input (image.one-file-part).
    const [image, other] = [t.random.pick(SAMPLE_IMAGES), t.random.pick(SAMPLE_IMAGES)];
    await Promise.all(
      uploadPartShapes(image, other).map(async ({ what, body, contentType, causes }) => {
        const { status, json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', body, contentType });
        if (!t.verify(status === 422, `an upload of ${what} answered ${status ?? 'nothing'}; expected 422: the body is a single part named file, and there is more than one part or none of that name`, { evidence: exchange })) return;
        const errors = (json as { errors?: Array<{ field?: unknown }> } | undefined)?.errors;
        const fields = Array.isArray(errors) ? errors.map((error) => error?.field) : [];
        t.verify(fields.some((field) => typeof field === 'string' && causes.includes(field)), `the 422 of an upload of ${what} names ${fields.length ? fields.map(String).join(', ') : 'no field'} in errors; expected the cause: ${causes.join(' or ')}`, { evidence: exchange });
      }),
    );
  });

  test('accepts a single file part in every framing RFC 2046 and RFC 7578 allow, and serves it byte for byte: a preamble, an epilogue, a quoted boundary, one of special characters, transport padding, header names in other case, parameters reordered or unquoted, filename*', { check: 'positive_data_acceptance', rules: ['requests.malformed-body', 'requests.valid-input-accepted', 'image.served-at-url'], needs: ['state'] }, async (t: Kit) => {
    // upload-framings.ts: only "a body that is not parseable ... multipart" is a 400
    // (requests.malformed-body); each of these parses to the plain upload, so each is a 201
    // (requests.valid-input-accepted). All at once, each read back by one GET.
    const image = t.random.pick(SAMPLE_IMAGES);
    await Promise.all(
      uploadFramings(image).map(async ({ what, body, contentType }) => {
        const as = `an upload of an image of ${image.type} with ${what}`;
        const { status, json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', body, contentType });
        const url = (json as { url?: unknown } | undefined)?.url;
        if (!t.verify(status === 201 && typeof url === 'string', `${as} answered ${status ?? 'nothing'}${status === 201 ? ' without a url' : ''}; expected 201 with its url: RFC 2046 and RFC 7578 make the body the plain single part named file, which parses (requests.malformed-body)`, { evidence: exchange })) return;
        const served = await readServed(t, url as string, exchange);
        if (!served) return;
        t.verify(served.status === 200 && served.bytes.equals(image.bytes), `${as} is served at ${String(url)} with ${served.status} and ${served.bytes.length} bytes; expected 200 with the ${image.bytes.length} bytes uploaded`, { check: 'ensure_resource_availability', evidence: exchange, rules: ['image.served-at-url'] });
      }),
    );
  });

  test('serves each image with the type its content shows, whatever file name and type the upload gave it', { check: 'ensure_resource_availability', rules: ['image.public-url'], needs: ['state'] }, async (t: Kit) => {
    // Each sample sent under the name and declared type of the next one: a PNG as photo.jpg image/jpeg, ...
    for (const [index, sample] of SAMPLE_IMAGES.entries()) {
      const image = someShapeOf(sample, t.random);
      const disguise = SAMPLE_IMAGES[(index + 1) % SAMPLE_IMAGES.length]!;
      const sent = { ...image, name: `photo${disguise.name.slice(disguise.name.lastIndexOf('.'))}`, type: disguise.type };
      const as = `an image of ${image.type} uploaded as ${sent.name} (${sent.type})`;
      const { url, exchange } = await upload(t, sent, as);
      const served = await fetchServed(t, url, exchange);
      if (!served) return;
      const type = served.type;
      t.verify(
        served.status === 200 && type === image.type && served.bytes.equals(image.bytes),
        `${as} is served at ${url} with ${served.status}, Content-Type ${type || 'none'} and ${served.bytes.length} bytes; expected 200 ${image.type} with the ${image.bytes.length} bytes uploaded: the type is the content's`,
        { evidence: exchange },
      );
    }
  });

  test('accepts and serves each image under a file name of every class of character: no extension, one of no image type, letters past U+00FF, CJK, emoji, combining marks, right-to-left, quotes, semicolons, backslashes, percent signs, 300 characters', { check: 'ensure_resource_availability', rules: ['image.public-url', 'requests.valid-input-accepted'], needs: ['state'] }, async (t: Kit) => {
    // "decided from the content whatever name ... the upload gave the file": a name is not a type, and
    // no name is refused. All at once: each upload is its own, and one name's failure hides no other's.
    await Promise.all(
      UPLOAD_FILE_NAMES.map(async ({ what, name }, index) => {
        const image = someShapeOf(SAMPLE_IMAGES[index % SAMPLE_IMAGES.length]!, t.random);
        const as = `an image of ${image.type} uploaded as ${JSON.stringify(name)} (${what})`;
        const { status, json, exchange } = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload({ ...image, name }) });
        const url = (json as { url?: unknown } | undefined)?.url;
        if (!t.verify(status === 201 && typeof url === 'string', `${as} answered ${status ?? 'nothing'}${status === 201 ? ' without a url' : ''}; expected 201 with its url: the image is decided from its content, not its name`, { check: 'positive_data_acceptance', evidence: exchange, rules: ['requests.valid-input-accepted'] })) return;
        const served = await fetchServed(t, url as string, exchange);
        if (!served) return;
        t.verify(served.status === 200 && served.type === image.type && served.bytes.equals(image.bytes), `${as} is served at ${String(url)} with ${served.status}, Content-Type ${served.type || 'none'} and ${served.bytes.length} bytes; expected 200 ${image.type} with the ${image.bytes.length} bytes uploaded`, { evidence: exchange });
      }),
    );
  });

  test('serves uploads of every size byte for byte: past the buffers a server may read in (64 KiB, 1 MiB), and the largest', { check: 'ensure_resource_availability', rules: ['image.served-at-url'], needs: ['state'], timeoutMs: 60_000 }, async (t: Kit) => {
    // Filled with a byte that differs by size, so a file cut short or padded does not read as equal.
    for (const [size, fill] of [[64 * 1024 + 1, 0x41], [1024 * 1024 + 7, 0x42], [IMAGE_LIMIT, 0x43]] as const) {
      const image = pngOfSize(size, fill);
      const { url, exchange } = await upload(t, image, `an upload of ${size} bytes`);
      const served = await fetchServed(t, url, exchange);
      if (!served) return;
      t.verify(served.status === 200 && served.bytes.equals(image.bytes), `an image of ${size} bytes is served at ${url} with ${served.status} and ${served.bytes.length} bytes${served.bytes.length === size ? ' that differ from those uploaded' : ''}; expected 200 with the ${size} bytes uploaded`, { evidence: exchange });
    }
  });

  test('counts the 10 MiB limit on the file: exactly 10 MiB is accepted, one byte more is 413', { check: 'negative_data_rejection', rules: ['image.size-limit'], needs: ['size_limit', 'upload_inspection'], timeoutMs: 60_000 }, async (t: Kit) => {
    const atLimit = pngOfSize(IMAGE_LIMIT);
    const accepted = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(atLimit) });
    t.verify(accepted.status === 201, `a PNG of exactly ${IMAGE_LIMIT} bytes answered ${accepted.status ?? 'nothing'}; expected 201 (the multipart framing does not count)`, { check: 'positive_data_acceptance', evidence: accepted.exchange });
    const over = pngOfSize(IMAGE_LIMIT + 1);
    const refused = await t.raw({ method: 'POST', path: '/images/upload', ...imageUpload(over) });
    t.verify(refused.status === 413, `a PNG of ${IMAGE_LIMIT + 1} bytes answered ${refused.status ?? 'nothing'}; expected 413`, { evidence: refused.exchange });
    // The refused upload changes nothing: the image accepted just before it is still served whole.
    const url = (accepted.json as { url?: unknown } | undefined)?.url;
    if (accepted.status === 201 && refused.status === 413 && typeof url === 'string') {
      const served = await fetchServed(t, url, refused.exchange);
      if (!served) return;
      t.verify(served.status === 200 && served.bytes.equals(atLimit.bytes), `after the refused upload (413), GET ${url}, the image of ${IMAGE_LIMIT} bytes accepted just before, answered ${served.status} with ${served.bytes.length} bytes; expected 200 with the bytes uploaded`, { check: 'failed_write_leaves_nothing', rules: ['resources.refused-write-changes-nothing', 'image.served-at-url'], evidence: refused.exchange });
    }
  });

  test('keeps every image uploaded before served byte for byte after each refused upload: a file of no accepted type (415), a body without a `file` part (422)', { check: 'failed_write_leaves_nothing', rules: ['resources.refused-write-changes-nothing', 'image.served-at-url'], needs: ['state'] }, async (t: Kit) => {
    // A refusal path that cleans up after itself can remove a file that is not its own (the last one
    // stored): each refusal follows an accepted upload, and every image accepted so far is read again.
    const refusals: Array<{ what: string; body: () => ReturnType<typeof imageUpload> }> = [
      { what: 'an SVG, a type the contract refuses (415)', body: () => imageUpload(NOT_AN_ACCEPTED_IMAGE) },
      { what: 'an image in a part named `image`, no `file` part (422)', body: () => imageUpload(someShapeOf(t.random.pick(SAMPLE_IMAGES), t.random), 'image') },
    ];
    const stored: Array<{ url: string; image: SampleFile }> = [];
    for (const refusal of refusals) {
      const image = someShapeOf(t.random.pick(SAMPLE_IMAGES), t.random);
      stored.push({ url: (await upload(t, image)).url, image });
      const refused = await t.raw({ method: 'POST', path: '/images/upload', ...refusal.body() });
      // Whether the status is the right one is judged elsewhere (negative data, image.supported-types);
      // here only a refusal counts, and what it must leave alone.
      const status = refused.status ?? 0;
      if (status < 400 || status >= 500) continue;
      for (const [index, { url, image: before }] of stored.entries()) {
        const served = await fetchServed(t, url, refused.exchange);
        if (!served) return;
        t.verify(
          served.status === 200 && served.bytes.equals(before.bytes),
          `after the refused upload of ${refusal.what}, answered ${status}, GET ${url} (upload ${index + 1} of ${stored.length} accepted before it) answered ${served.status} with ${served.bytes.length} bytes; expected 200 with the ${before.bytes.length} bytes uploaded`,
          { evidence: refused.exchange },
        );
      }
    }
  });
});
