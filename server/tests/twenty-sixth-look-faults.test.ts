/**
 * The faults of server/faults/twenty-sixth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { newsletterWithReader, PNG } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id as number;

/** One PNG as `multipart/form-data`, its media type written as `type`. */
const uploadAs = (api: Api, type: string) => {
  const boundary = 'twenty-sixth-boundary';
  const raw = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return api('POST', '/images/upload', { raw, headers: { 'Content-Type': `${type}; boundary=${boundary}` } });
};

const upload = (api: Api) => uploadAs(api, 'multipart/form-data');

add({
  fault: 'send-leap-second-refused',
  what: 'sendEmail must schedule a scheduled_at on a leap second at the instant after it',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const sendAt = async (subject: string, scheduled_at: string) => {
      const email = await newEmail(api, newsletter, { subject, content_html: '<p>Hello</p>' });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at } });
      return answer.status === 200 ? [200, answer.body.scheduled_at] : [answer.status, fields(answer.body)];
    };
    return { ordinary: await sendAt('Ordinary', '2036-12-31T23:59:59Z'), leap: await sendAt('Leap', '2036-12-31T23:59:60Z') };
  },
  broken: (seen) => expect(seen).toEqual({ ordinary: [200, '2036-12-31T23:59:59.000Z'], leap: [422, ['scheduled_at']] }),
  correct: (seen) => expect(seen).toEqual({ ordinary: [200, '2036-12-31T23:59:59.000Z'], leap: [200, '2037-01-01T00:00:00.000Z'] }),
});

add({
  fault: 'not-sendable-title-per-cause',
  what: 'every email-not-sendable problem must have the same title, whatever is missing',
  observe: async ({ api }) => {
    const withReader = await newsletterWithReader(api, 'Weekly');
    const empty = await newEmail(api, withReader, { subject: 'No content' });
    const nobody = await newNewsletter(api, 'Nobody reads');
    const ready = await newEmail(api, nobody, { subject: 'Ready', content_html: '<p>Hello</p>' });
    const problemOf = async (newsletter: number, email: number) => {
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`);
      return [answer.status, answer.body.type, fields(answer.body), answer.body.title];
    };
    return { noContent: await problemOf(withReader, empty), noAudience: await problemOf(nobody, ready) };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      noContent: [422, 'https://publishing.example/problems/email-not-sendable', ['content_html'], 'Email has no content'],
      noAudience: [422, 'https://publishing.example/problems/email-not-sendable', ['path.newsletter_id'], 'Newsletter has no subscribers'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      noContent: [422, 'https://publishing.example/problems/email-not-sendable', ['content_html'], 'Email cannot be sent'],
      noAudience: [422, 'https://publishing.example/problems/email-not-sendable', ['path.newsletter_id'], 'Email cannot be sent'],
    }),
});

add({
  fault: 'emails-list-long-content-cut',
  what: "listEmails must answer a long email's content_html whole, as getEmail does",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const longHtml = `<p>${'a'.repeat(5000)}</p>`;
    const short = await newEmail(api, newsletter, { subject: 'Short', content_html: '<p>Short</p>' });
    const long = await newEmail(api, newsletter, { subject: 'Long', content_html: longHtml });
    const listed = (await api('GET', `/newsletters/${newsletter}/emails`)).body.result as { id: number; content_html: string }[];
    const lengthOf = (id: number) => listed.find((email) => email.id === id)?.content_html.length;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${long}`)).body.content_html as string;
    return { short: lengthOf(short), listedLong: lengthOf(long), readLong: read.length, sent: longHtml.length };
  },
  broken: (seen) => expect(seen).toEqual({ short: 12, listedLong: 4096, readLong: 5007, sent: 5007 }),
  correct: (seen) => expect(seen).toEqual({ short: 12, listedLong: 5007, readLong: 5007, sent: 5007 }),
});

add({
  fault: 'email-create-markdown-html-escaped',
  what: "createEmail must pass the raw HTML of an email's Markdown through unchanged",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const create = async (content_md: string) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_md } })).body;
    const plain = (await create('Hi **there**')).content_html;
    const created = await create('Hi <b>there</b>');
    const updated = (await api('PATCH', `/newsletters/${newsletter}/emails/${created.id}`, { body: { content_md: 'Hi <i>again</i>' } })).body.content_html;
    return { plain, withHtml: created.content_html, updated };
  },
  broken: (seen) => expect(seen).toEqual({ plain: '<p>Hi <strong>there</strong></p>\n', withHtml: '<p>Hi &lt;b&gt;there&lt;/b&gt;</p>\n', updated: '<p>Hi <i>again</i></p>\n' }),
  correct: (seen) => expect(seen).toEqual({ plain: '<p>Hi <strong>there</strong></p>\n', withHtml: '<p>Hi <b>there</b></p>\n', updated: '<p>Hi <i>again</i></p>\n' }),
});

add({
  fault: 'email-update-empty-subject-refused',
  what: "updateEmail must accept an empty subject for a draft, as createEmail does",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const created = await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: '' } });
    const draft = await newEmail(api, newsletter, { subject: 'Hello' });
    const patch = async (subject: string) => {
      const answer = await api('PATCH', `/newsletters/${newsletter}/emails/${draft}`, { body: { subject } });
      return answer.status === 200 ? [200, answer.body.subject] : [answer.status, fields(answer.body)];
    };
    const other = await patch('Hi');
    const empty = await patch('');
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${draft}`)).body.subject;
    return { created: [created.status, created.body.subject], other, empty, read };
  },
  broken: (seen) => expect(seen).toEqual({ created: [201, ''], other: [200, 'Hi'], empty: [422, ['subject']], read: 'Hi' }),
  correct: (seen) => expect(seen).toEqual({ created: [201, ''], other: [200, 'Hi'], empty: [200, ''], read: '' }),
});

add({
  fault: 'newsletter-rename-capital-sharp-s-free',
  what: 'updateNewsletter must refuse a name that full case folding makes the name of another newsletter (ẞ and SS)',
  observe: async ({ api }) => {
    await newNewsletter(api, 'STRASSE Weekly');
    const other = await newNewsletter(api, 'Other');
    const rename = async (name: string) => {
      const answer = await api('PATCH', `/newsletters/${other}`, { body: { name } });
      return [answer.status, answer.status === 200 ? answer.body.name : answer.body.type];
    };
    const small = await rename('Straße Weekly');
    const capital = await rename('STRAẞE Weekly');
    const read = (await api('GET', `/newsletters/${other}`)).body.name;
    return { small, capital, read };
  },
  broken: (seen) =>
    expect(seen).toEqual({ small: [409, 'https://publishing.example/problems/name-taken'], capital: [200, 'STRAẞE Weekly'], read: 'STRAẞE Weekly' }),
  correct: (seen) =>
    expect(seen).toEqual({
      small: [409, 'https://publishing.example/problems/name-taken'],
      capital: [409, 'https://publishing.example/problems/name-taken'],
      read: 'Other',
    }),
});

add({
  fault: 'newsletter-name-slug-splits-camel-case',
  what: "createNewsletter's name_slug must not split a word written in camel case",
  observe: async ({ api }) => {
    const slugOf = async (name: string) => (await api('POST', '/newsletters', { body: { name } })).body;
    const plain = (await slugOf('Weekly News')).name_slug;
    const camel = await slugOf('GitHub Digest');
    const read = (await api('GET', `/newsletters/${camel.id}`)).body.name_slug;
    return { plain, camel: camel.name_slug, read };
  },
  broken: (seen) => expect(seen).toEqual({ plain: 'weekly-news', camel: 'git-hub-digest', read: 'git-hub-digest' }),
  correct: (seen) => expect(seen).toEqual({ plain: 'weekly-news', camel: 'github-digest', read: 'github-digest' }),
});

add({
  fault: 'subscribers-bare-token-accepted',
  what: 'listSubscribers must answer a token sent without the Bearer scheme 401',
  observe: async ({ api, token }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const withBearer = (await api('GET', `/newsletters/${newsletter}/subscribers`)).status;
    const bare = await api('GET', `/newsletters/${newsletter}/subscribers`, { token: null, headers: { Authorization: token } });
    const emailsBare = (await api('GET', `/newsletters/${newsletter}/emails`, { token: null, headers: { Authorization: token } })).status;
    return { withBearer, bare: [bare.status, bare.headers.get('www-authenticate')], emailsBare };
  },
  broken: (seen) => expect(seen).toEqual({ withBearer: 200, bare: [200, null], emailsBare: 401 }),
  correct: (seen) => expect(seen).toEqual({ withBearer: 200, bare: [401, 'Bearer realm="publishing-api"'], emailsBare: 401 }),
});

add({
  fault: 'subscriber-address-tab-refused',
  what: 'createSubscriber must trim a tab or line break around the address',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const subscribe = async (email: string) => {
      const answer = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });
      return answer.status === 200 ? [200, answer.body.email] : [answer.status, fields(answer.body)];
    };
    return { spaces: await subscribe('  ada@example.org  '), tab: await subscribe('\tGrace@Example.org\n') };
  },
  broken: (seen) => expect(seen).toEqual({ spaces: [200, 'ada@example.org'], tab: [422, ['email']] }),
  correct: (seen) => expect(seen).toEqual({ spaces: [200, 'ada@example.org'], tab: [200, 'grace@example.org'] }),
});

add({
  fault: 'image-other-workspace-token-404',
  what: "an image's URL must serve the image to a request with another workspace's token",
  observe: async ({ api, token, otherToken }) => {
    const { url } = (await upload(api)).body as { url: string };
    const statusWith = async (method: string, bearer?: string) => (await fetch(url, { method, headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} })).status;
    return {
      none: await statusWith('GET'),
      own: await statusWith('GET', token),
      other: await statusWith('GET', otherToken),
      otherHead: await statusWith('HEAD', otherToken),
    };
  },
  broken: (seen) => expect(seen).toEqual({ none: 200, own: 200, other: 404, otherHead: 404 }),
  correct: (seen) => expect(seen).toEqual({ none: 200, own: 200, other: 200, otherHead: 200 }),
});

add({
  fault: 'upload-names-counted-up',
  what: "one upload's image name must not tell the next one's",
  observe: async ({ api }) => {
    const nameOf = (url: string) => BigInt(`0x${/\/images\/([0-9a-f]{32})\.png$/.exec(url)![1]}`);
    const first = (await upload(api)).body.url as string;
    const second = (await upload(api)).body.url as string;
    const served = [(await fetch(first)).status, (await fetch(second)).status];
    return { served, nextIsPlusOne: nameOf(second) - nameOf(first) === 1n };
  },
  broken: (seen) => expect(seen).toEqual({ served: [200, 200], nextIsPlusOne: true }),
  correct: (seen) => expect(seen).toEqual({ served: [200, 200], nextIsPlusOne: false }),
});

add({
  fault: 'upload-media-type-case-sensitive',
  what: 'uploadImage must take multipart/form-data written in any letter case',
  observe: async ({ api }) => {
    const lower = await uploadAs(api, 'multipart/form-data');
    const capitals = await uploadAs(api, 'Multipart/Form-Data');
    return { lower: lower.status, capitals: [capitals.status, capitals.status === 201 ? (await fetch(capitals.body.url)).status : capitals.body.type] };
  },
  broken: (seen) => expect(seen).toEqual({ lower: 201, capitals: [415, 'https://publishing.example/problems/unsupported-media-type'] }),
  correct: (seen) => expect(seen).toEqual({ lower: 201, capitals: [201, 200] }),
});

contrastFaults('faults of the twenty-sixth look', cases);
