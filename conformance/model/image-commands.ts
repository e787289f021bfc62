/**
 * The model's commands on images: uploads of tiny files of each type the contract accepts, sometimes
 * under another type's file name or declared type (the type is the content's: image.public-url), an SVG
 * (image.supported-types) or a body declared `multipart/mixed` (image.form-data-only); and reads of the
 * public URLs answered, without a token, as GET and HEAD. An upload's URL is the server's choice, learned
 * from its answer, and no other upload's, the same file's included (image.url-per-upload); from then on it
 * must serve exactly the bytes uploaded, with their type, whatever was uploaded after (image.served-at-url).
 */
import fc from 'fast-check';
import { NOT_AN_ACCEPTED_IMAGE, pngOfSize, SAMPLE_IMAGES, type SampleFile } from '../suite/images.ts';
import type { ModelImage, ServiceModel, Workspace } from './state.ts';
import { exchange, expectThat, ws } from './steps.ts';
import type { ModelRule } from './rules.ts';
import { ModelMismatch, type Prediction, type Served, type World } from './world.ts';

type Command = fc.AsyncCommand<ServiceModel, World>;

/**
 * The files an upload sends: one of each accepted type, two PNGs of one size alike in their first bytes
 * (a server naming a file by its first bytes or size gives both one URL), and an SVG, which is refused.
 */
const FILES: SampleFile[] = [...SAMPLE_IMAGES, pngOfSize(128, 0x11), pngOfSize(128, 0x22), NOT_AN_ACCEPTED_IMAGE];
const ACCEPTED_TYPES = new Set(SAMPLE_IMAGES.map((image) => image.type));

/** How an upload presents its file: as it is, or under the next accepted type's file name, declared type, or both. */
export type Disguise = 'none' | 'name' | 'type' | 'both';

function presented(file: SampleFile, disguise: Disguise): SampleFile {
  if (disguise === 'none') return file;
  const other = SAMPLE_IMAGES[(SAMPLE_IMAGES.findIndex((image) => image.type === file.type) + 1) % SAMPLE_IMAGES.length]!;
  const name = `upload${other.name.slice(other.name.lastIndexOf('.'))}`;
  return { ...file, name: disguise === 'type' ? file.name : name, type: disguise === 'name' ? file.type : other.type };
}

/** Its type by content: the sample's own type for an image, none for the SVG. */
const contentType = (file: SampleFile) => (file === NOT_AN_ACCEPTED_IMAGE ? undefined : file.type);

/** `readBack`: a GET of the URL right after the upload (ReadImage reads it again later, after other uploads). */
export class UploadImage implements Command {
  constructor(readonly workspace: Workspace, readonly file: number, readonly disguise: Disguise, readonly mixed: boolean, readonly readBack: boolean) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const file = FILES[this.file % FILES.length]!;
    const sent = presented(file, this.disguise);
    const type = contentType(file);
    let prediction: Prediction;
    if (this.mixed) prediction = { status: 415, rules: ['image.form-data-only'] };
    else if (type === undefined || !ACCEPTED_TYPES.has(type)) prediction = { status: 415, rules: ['image.supported-types'] };
    else prediction = { status: 201, rules: ['image.supported-types', 'image.form-data-only'] };
    const step = `uploadImage of ${file.bytes.length} bytes of ${type ?? 'SVG'} as ${sent.name} (${sent.type})${this.mixed ? ' declared multipart/mixed' : ''}`;
    const answer = await exchange(world, step, { operationId: 'uploadImage', workspace: this.workspace, ids: {}, upload: { file: sent, mixed: this.mixed } }, prediction);
    if (prediction.status !== 201) return;
    // The URL is the server's to choose: absolute, named in Location, and no other upload's.
    const url = String((answer.json as { url?: unknown } | undefined)?.url ?? '');
    expectThat(/^https?:\/\/[^/]/.test(url), step, 'url', 'an absolute http(s) URL', answer, ['image.public-url']);
    const location = answer.exchange.response?.headers.find(([name]) => name.toLowerCase() === 'location')?.[1];
    const resolved = location === undefined ? undefined : new URL(location, answer.exchange.request.url).href;
    if (resolved !== new URL(url).href) throw new ModelMismatch(step, [['Location', `the url ${url}`, String(location ?? '(absent)')]], answer.exchange, ['image.location-is-url']);
    // No two uploads share a URL, not even two of the same bytes (image.url-per-upload: a URL derived from
    // the file tells whoever holds the file where it is); of other bytes, one of them is not served there.
    const shared = model.images.find((image) => image.url === url);
    if (shared) {
      const same = shared.bytes.equals(file.bytes);
      const earlier = `${url}, the URL of an earlier upload of ${same ? 'the same' : shared.bytes.length} bytes of ${shared.type}`;
      throw new ModelMismatch(step, [['url', 'a URL no other upload has', earlier]], answer.exchange, same ? ['image.url-per-upload'] : ['image.url-per-upload', 'image.served-at-url']);
    }
    const image = { url, type: type!, bytes: file.bytes };
    model.images.push(image);
    if (this.readBack) judgeServed(world, `GET ${url} without a token, the upload just made`, image, await world.fetchPublic(url, false), false);
  }
  toString = () => `uploadImage ${ws(this.workspace)} file#${this.file}${this.disguise === 'none' ? '' : ` disguised by ${this.disguise}`}${this.mixed ? ' as multipart/mixed' : ''}${this.readBack ? ' then GET' : ''}`;
}

/**
 * A read of an uploaded image's public URL, without a token: `200`, the image's type by content as
 * `Content-Type`, and exactly the bytes uploaded (for HEAD the same status and type, and their length as
 * `Content-Length` where it sends one).
 * `image` counts from the newest upload.
 */
export class ReadImage implements Command {
  constructor(readonly image: number, readonly head: boolean) {}
  check = (model: Readonly<ServiceModel>) => model.images.length > 0;
  async run(model: ServiceModel, world: World) {
    const image = model.images[model.images.length - 1 - (this.image % model.images.length)]!;
    const served = await world.fetchPublic(image.url, this.head);
    const step = `${this.head ? 'HEAD' : 'GET'} ${image.url} without a token, an upload of ${image.bytes.length} bytes of ${image.type}`;
    judgeServed(world, step, image, served, this.head);
  }
  toString = () => `${this.head ? 'HEAD' : 'GET'} image#${this.image}`;
}

function judgeServed(world: World, step: string, image: ModelImage, served: Served, head: boolean): void {
  world.stats.predicted++;
  world.steps.push(`${step} → ${served.status ?? 'no answer'}`);
  const rows: Array<[string, string, string]> = [];
  const rules = new Set<ModelRule>();
  const differs = (field: string, predicted: string, answered: string, ...broken: ModelRule[]) => {
    rows.push([field, predicted, answered]);
    for (const rule of broken) rules.add(rule);
  };
  if (served.status !== 200) differs('status', '200', String(served.status ?? `nothing (${served.exchange.error})`), 'image.public-url', 'image.served-at-url', ...(head ? ['http.head' as const] : []));
  else {
    if (served.type !== image.type) differs('Content-Type', image.type, served.type || '(none)', 'image.public-url', ...(head ? ['http.head' as const] : []));
    if (!head && !served.bytes.equals(image.bytes)) differs('body', `the ${image.bytes.length} bytes uploaded`, `${served.bytes.length} other bytes`, 'image.served-at-url');
    // A HEAD's Content-Length, if sent, is the one GET's body has (RFC 9110 section 8.6): the bytes
    // uploaded, which never change at their URL; an encoded body's length is the encoding's.
    const field = (name: string) => served.exchange.response?.headers.find(([key]) => key.toLowerCase() === name)?.[1];
    const length = field('content-length');
    if (head && length !== undefined && field('content-encoding') === undefined && length.trim() !== String(image.bytes.length)) {
      differs('Content-Length', `${image.bytes.length}, the length of the bytes GET serves`, length, 'http.head');
    }
  }
  if (rows.length > 0) throw new ModelMismatch(step, rows, served.exchange, [...rules], 'uploadImage');
}

/** The upload every sequence starts with: a PNG, so that a later upload of another PNG alike in its first bytes, and a read, have one to follow. */
export const firstUpload = () => new UploadImage(0, SAMPLE_IMAGES.length, 'none', false, false);

/** The commands on images, with their weights (in commands.ts's quarters): an upload (read back half the time), and a read of one as GET or HEAD. */
export function imageArbitraries(w: fc.Arbitrary<Workspace>): fc.WeightedArbitrary<Command>[] {
  // The SVG one time in four, multipart/mixed one in four: most uploads are accepted and give URLs to read.
  const file = fc.oneof({ arbitrary: fc.nat({ max: FILES.length - 2 }), weight: 3 }, { arbitrary: fc.constant(FILES.length - 1), weight: 1 });
  const disguise = fc.constantFrom<Disguise>('none', 'none', 'name', 'type', 'both');
  const mixed = fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 });
  return [
    { arbitrary: fc.tuple(w, file, disguise, mixed, fc.boolean()).map(([a, b, c, d, e]) => new UploadImage(a, b, c, d, e)), weight: 4 },
    { arbitrary: fc.tuple(fc.nat({ max: 3 }), fc.boolean()).map(([a, b]) => new ReadImage(a, b)), weight: 2 },
  ];
}
