/**
 * The faults of server/faults/thirty-fourth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, newsletterWithReader, PNG, problemType } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();
const newNewsletter = async (api: Api, name: string) => (await api('POST', '/newsletters', { body: { name } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, body: Record<string, unknown>) => (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body.id as number;

/** Uploads `bytes` as the file part `file`; the answer's status, url and problem title. */
const upload = async (api: Api, bytes: Buffer, name = 'pixel.png') => {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type: 'image/png' }), name);
  const answer = await api('POST', '/images/upload', { raw: data });
  return { status: answer.status, url: answer.body.url as string, title: answer.body.title as string | undefined, type: answer.body.type as string | undefined };
};

/** A PNG told apart from the others by its last bytes. */
const pngNumbered = (n: number) => Buffer.concat([PNG, Buffer.from([n])]);

add({
  fault: 'images-pruned-to-last-ten',
  what: 'every uploaded image must stay served at its URL, after ten more uploads too',
  observe: async ({ api }) => {
    const urls: string[] = [];
    for (let n = 0; n < 12; n++) urls.push((await upload(api, pngNumbered(n))).url);
    const served = [];
    for (const [n, url] of urls.entries()) {
      const answer = await fetch(url);
      const bytes = Buffer.from(await answer.arrayBuffer());
      served.push(answer.status === 200 && bytes.equals(pngNumbered(n)) ? 'same' : answer.status);
    }
    return served;
  },
  broken: (seen) => expect(seen).toEqual([404, 404, ...Array(10).fill('same')]),
  correct: (seen) => expect(seen).toEqual(Array(12).fill('same')),
});

add({
  fault: 'upload-file-413-own-title',
  what: "uploadImage's 413 for a file over 10 MiB must have the title of every other 413",
  observe: async ({ api }) => {
    const small = await upload(api, PNG);
    const over = await upload(api, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]), 'big.png');
    // A declared Content-Length over the limit: the 413 answered before the body is read.
    const declared = await api('POST', '/newsletters', { raw: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }), headers: { 'Content-Type': 'application/json' } });
    return { small: small.status, over: [over.status, over.type, over.title], declared: [declared.status, declared.body.type, declared.body.title] };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      small: 201,
      over: [413, problemType('payload-too-large'), 'File too large'],
      declared: [413, problemType('payload-too-large'), 'Payload too large'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      small: 201,
      over: [413, problemType('payload-too-large'), 'Payload too large'],
      declared: [413, problemType('payload-too-large'), 'Payload too large'],
    }),
});

add({
  fault: 'send-without-body-415',
  what: 'sendEmail must send at once when the request has no body at all',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const withEmpty = await newEmail(api, newsletter, { subject: 'With {}', content_html: '<p>Hi</p>' });
    const withNone = await newEmail(api, newsletter, { subject: 'With nothing', content_html: '<p>Hi</p>' });
    const empty = await api('POST', `/newsletters/${newsletter}/emails/${withEmpty}/send`, { body: {} });
    const none = await api('POST', `/newsletters/${newsletter}/emails/${withNone}/send`);
    return { empty: [empty.status, ['scheduled', 'sent'].includes(empty.body.status)], none: none.status === 200 ? [200, ['scheduled', 'sent'].includes(none.body.status)] : [none.status, none.body.type] };
  },
  broken: (seen) => expect(seen).toEqual({ empty: [200, true], none: [415, problemType('unsupported-media-type')] }),
  correct: (seen) => expect(seen).toEqual({ empty: [200, true], none: [200, true] }),
});

add({
  fault: 'send-unicode-blank-content-sent',
  what: 'sendEmail must answer 422 email-not-sendable for content of Unicode white space alone',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const sendOf = async (content_html: string) => {
      const email = await newEmail(api, newsletter, { subject: 'Hello', content_html });
      const answer = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: hoursFromNow(2) } });
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
      return [answer.status, answer.status === 200 ? answer.body.status : [answer.body.type, fields(answer.body)], read.status];
    };
    return { real: await sendOf('<p>Hi</p>'), ascii: await sendOf(' \n\t '), nbsp: await sendOf('\u00a0'), ideographic: await sendOf('\u3000\u2003') };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      real: [200, 'scheduled', 'scheduled'],
      ascii: [422, [problemType('email-not-sendable'), ['content_html']], 'draft'],
      nbsp: [200, 'scheduled', 'scheduled'],
      ideographic: [200, 'scheduled', 'scheduled'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      real: [200, 'scheduled', 'scheduled'],
      ascii: [422, [problemType('email-not-sendable'), ['content_html']], 'draft'],
      nbsp: [422, [problemType('email-not-sendable'), ['content_html']], 'draft'],
      ideographic: [422, [problemType('email-not-sendable'), ['content_html']], 'draft'],
    }),
});

add({
  fault: 'email-create-html-crlf-as-lf',
  what: 'createEmail must store content_html with CR LF line ends as sent',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const lf = '<p>One</p>\n<p>Two</p>';
    const crlf = '<p>One</p>\r\n<p>Two</p>\r\n';
    const created = await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'CR LF', content_html: crlf } });
    const plain = await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'LF', content_html: lf } });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${created.body.id}`)).body;
    return { plain: plain.body.content_html === lf, answered: created.body.content_html === crlf, stored: read.content_html === crlf, lfOnly: read.content_html === crlf.replace(/\r\n/g, '\n') };
  },
  broken: (seen) => expect(seen).toEqual({ plain: true, answered: false, stored: false, lfOnly: true }),
  correct: (seen) => expect(seen).toEqual({ plain: true, answered: true, stored: true, lfOnly: false }),
});

add({
  fault: 'email-create-markdown-heading-ids',
  what: "createEmail must render Markdown headings as CommonMark does, without id attributes, as updateEmail does",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const md = '# Hello World\n\nSome *text*.\n\n## Part Two\n';
    const plain = await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Plain', content_md: 'Some *text*.' } });
    const created = await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Headings', content_md: md } });
    const updated = await api('PATCH', `/newsletters/${newsletter}/emails/${plain.body.id}`, { body: { content_md: md } });
    return { plain: plain.body.content_html, created: created.body.content_html, updated: updated.body.content_html };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      plain: '<p>Some <em>text</em>.</p>\n',
      created: '<h1 id="hello-world">Hello World</h1>\n<p>Some <em>text</em>.</p>\n<h2 id="part-two">Part Two</h2>\n',
      updated: '<h1>Hello World</h1>\n<p>Some <em>text</em>.</p>\n<h2>Part Two</h2>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      plain: '<p>Some <em>text</em>.</p>\n',
      created: '<h1>Hello World</h1>\n<p>Some <em>text</em>.</p>\n<h2>Part Two</h2>\n',
      updated: '<h1>Hello World</h1>\n<p>Some <em>text</em>.</p>\n<h2>Part Two</h2>\n',
    }),
});

add({
  fault: 'email-update-subject-html-escaped',
  what: 'updateEmail must keep a subject with & and quotes as sent',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const email = await newEmail(api, newsletter, { subject: 'Draft' });
    const plain = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { subject: 'Issue 12: News' } });
    const special = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { subject: `Q&A <live> "today" it's on` } });
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    return { plain: plain.body.subject, answered: special.body.subject, stored: read.subject };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      plain: 'Issue 12: News',
      answered: 'Q&amp;A &lt;live&gt; &quot;today&quot; it&#39;s on',
      stored: 'Q&amp;A &lt;live&gt; &quot;today&quot; it&#39;s on',
    }),
  correct: (seen) => expect(seen).toEqual({ plain: 'Issue 12: News', answered: `Q&A <live> "today" it's on`, stored: `Q&A <live> "today" it's on` }),
});

add({
  fault: 'email-update-error-count-capped',
  what: "updateEmail's 422 for 25 invalid inputs must say there were 25 and that the first 20 are listed",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const email = await newEmail(api, newsletter, { subject: 'Draft' });
    const one = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body: { subject: 5 } });
    const body = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`unknown_${i}`, i]));
    const many = await api('PATCH', `/newsletters/${newsletter}/emails/${email}`, { body });
    return { one: [one.status, one.body.detail, fields(one.body)], many: [many.status, many.body.detail, many.body.errors.length] };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      one: [422, 'The request has 1 invalid input.', ['subject']],
      many: [422, 'The request has 20 invalid inputs.', 20],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      one: [422, 'The request has 1 invalid input.', ['subject']],
      many: [422, 'The request has 25 invalid inputs; the first 20 are listed.', 20],
    }),
});

add({
  fault: 'email-delete-409-unschedules',
  what: 'deleteEmail refused 409 for a scheduled email must leave it scheduled',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const draft = await newEmail(api, newsletter, { subject: 'Draft', content_html: '<p>Hi</p>' });
    const scheduled = await newEmail(api, newsletter, { subject: 'Later', content_html: '<p>Hi</p>' });
    const at = hoursFromNow(3);
    const sent = await api('POST', `/newsletters/${newsletter}/emails/${scheduled}/send`, { body: { scheduled_at: at } });
    const deleteDraft = await api('DELETE', `/newsletters/${newsletter}/emails/${draft}`);
    const refused = await api('DELETE', `/newsletters/${newsletter}/emails/${scheduled}`);
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${scheduled}`)).body;
    return {
      sent: [sent.status, sent.body.scheduled_at === at],
      draft: deleteDraft.status,
      refused: [refused.status, refused.body.type],
      after: [read.status, read.scheduled_at === at],
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({ sent: [200, true], draft: 204, refused: [409, problemType('email-not-draft')], after: ['draft', false] }),
  correct: (seen) =>
    expect(seen).toEqual({ sent: [200, true], draft: 204, refused: [409, problemType('email-not-draft')], after: ['scheduled', true] }),
});

add({
  fault: 'subscriber-address-254-refused',
  what: 'createSubscriber must accept an address of exactly 254 characters',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    // 64 + 1 + 63 + 1 + 63 + 1 + 61 = 254 characters.
    const address = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 64 - 1 - 63 - 1 - 63 - 1)}`;
    const subscribe = async (email: string) => {
      const answer = await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } });
      return answer.status === 200 ? [200, answer.body.email === email] : [answer.status, fields(answer.body)];
    };
    return { short: await subscribe('ada@example.com'), at253: await subscribe(address(253)), at254: await subscribe(address(254)), at255: await subscribe(address(255)) };
  },
  broken: (seen) => expect(seen).toEqual({ short: [200, true], at253: [200, true], at254: [422, ['email']], at255: [422, ['email']] }),
  correct: (seen) => expect(seen).toEqual({ short: [200, true], at253: [200, true], at254: [200, true], at255: [422, ['email']] }),
});

add({
  fault: 'email-create-preview-from-content',
  what: 'createEmail must leave a preview that is not sent null, whatever the content',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const create = async (body: Record<string, unknown>) => {
      const created = (await api('POST', `/newsletters/${newsletter}/emails`, { body })).body;
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${created.id}`)).body;
      return [created.preview, read.preview];
    };
    return {
      bare: await create({ subject: 'Bare' }),
      given: await create({ subject: 'Given', preview: 'Read me', content_html: '<p>Hello there</p>' }),
      nulled: await create({ subject: 'Nulled', preview: null, content_html: '<h1>News</h1>\n<p>Hello   <b>there</b></p>' }),
      absent: await create({ subject: 'Absent', content_html: '<h1>News</h1>\n<p>Hello   <b>there</b></p>' }),
      markdown: await create({ subject: 'Markdown', content_md: 'Hello *there*' }),
    };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      bare: [null, null],
      given: ['Read me', 'Read me'],
      nulled: [null, null],
      absent: ['News Hello there', 'News Hello there'],
      markdown: ['Hello there', 'Hello there'],
    }),
  correct: (seen) =>
    expect(seen).toEqual({ bare: [null, null], given: ['Read me', 'Read me'], nulled: [null, null], absent: [null, null], markdown: [null, null] }),
});

add({
  fault: 'emails-list-null-content-as-empty',
  what: 'listEmails must answer a draft without content with content_html null, as getEmail does',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const withContent = await newEmail(api, newsletter, { subject: 'Full', content_html: '<p>Hi</p>' });
    const empty = await newEmail(api, newsletter, { subject: 'Empty' });
    const listed = (await api('GET', `/newsletters/${newsletter}/emails`)).body.result as { id: number; content_html: string | null }[];
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${empty}`)).body;
    return { full: listed.find((e) => e.id === withContent)!.content_html, empty: listed.find((e) => e.id === empty)!.content_html, read: read.content_html };
  },
  broken: (seen) => expect(seen).toEqual({ full: '<p>Hi</p>', empty: '', read: null }),
  correct: (seen) => expect(seen).toEqual({ full: '<p>Hi</p>', empty: null, read: null }),
});

contrastFaults('the thirty-fourth look', cases);
