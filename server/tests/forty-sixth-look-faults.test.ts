/**
 * The faults of server/faults/forty-sixth-look.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { anotherAuthor, hoursFromNow, newsletterWithReader, olderAuthorIds, PNG, problemType } from './contrast-fixtures.ts';
import { eventually, type Api, type ApiResponse, type TestServer } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (answer: ApiResponse) => (answer.body.errors ?? []).map((error: { field: string }) => error.field).sort();
/** A refusal as its status, problem type and the fields it names; a success as its status. */
const outcome = (answer: ApiResponse) => (answer.status < 300 ? [answer.status] : [answer.status, answer.body.type, fields(answer)]);
const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const newCategory = async (api: Api, page: number, name: string) => (await api('POST', `/pages/${page}/categories`, { body: { name } })).body.id as number;
const newNewsletter = async (api: Api, name: string, token?: string) => (await api('POST', '/newsletters', { body: { name }, ...(token ? { token } : {}) })).body.id as number;
const workspaceOf = (s: TestServer) => s.server.stores.tokens.workspaceFor(s.token)!;

/** An upload of `bytes` as the file part `file`, with the token given (the test's own by default). */
const upload = (api: Api, bytes: Buffer, token?: string) => {
  const boundary = 'forty-sixth-look-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`, 'latin1'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
  ]);
  return api('POST', '/images/upload', { raw: body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, ...(token ? { token } : {}) });
};
/** The bytes served at `url`. */
const servedAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
/** Two PNGs the server takes as image/png, different in their last bytes. */
const PNG_A = Buffer.concat([PNG, Buffer.from('first image')]);
const PNG_B = Buffer.concat([PNG, Buffer.from('second image')]);

add({
  fault: 'upload-names-repeat-per-workspace',
  what: "uploadImage must answer another workspace's upload a URL of its own and leave this workspace's image where it was",
  observe: async ({ api, otherToken }) => {
    const first = (await upload(api, PNG_A)).body.url as string;
    const second = (await upload(api, PNG_B)).body.url as string;
    const elsewhere = await upload(api, PNG_B, otherToken);
    const other = elsewhere.body.url as string;
    return {
      ownTwoDistinct: first !== second,
      otherSameAsFirst: other === first,
      locationIsUrl: elsewhere.headers.get('location') === other,
      firstServesOwn: (await servedAt(first)).equals(PNG_A),
      otherServesOwn: (await servedAt(other)).equals(PNG_B),
    };
  },
  broken: (seen) => expect(seen).toEqual({ ownTwoDistinct: true, otherSameAsFirst: true, locationIsUrl: true, firstServesOwn: false, otherServesOwn: true }),
  correct: (seen) => expect(seen).toEqual({ ownTwoDistinct: true, otherSameAsFirst: false, locationIsUrl: true, firstServesOwn: true, otherServesOwn: true }),
});

add({
  fault: 'upload-singleton-field-overwritten',
  what: 'uploadImage must serve each of two uploads sent at once with its own bytes',
  observe: async ({ api }) => {
    const alone = (await upload(api, PNG_A)).body.url as string;
    const [a, b] = await Promise.all([upload(api, PNG_A), upload(api, PNG_B)]);
    const [servedA, servedB] = [await servedAt(a.body.url), await servedAt(b.body.url)];
    return {
      alone: (await servedAt(alone)).equals(PNG_A),
      statuses: [a.status, b.status],
      ownBytes: Number(servedA.equals(PNG_A)) + Number(servedB.equals(PNG_B)),
      sameBytes: servedA.equals(servedB),
    };
  },
  broken: (seen) => expect(seen).toEqual({ alone: true, statuses: [201, 201], ownBytes: 1, sameBytes: true }),
  correct: (seen) => expect(seen).toEqual({ alone: true, statuses: [201, 201], ownBytes: 2, sameBytes: false }),
});

add({
  fault: 'send-reschedule-skips-readiness',
  what: 'sendEmail must refuse to move a scheduled email whose newsletter has lost its last subscriber with 422 email-not-sendable',
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_html: '<p>Hi</p>' } })).body.id;
    const firstTime = hoursFromNow(2);
    const scheduled = outcome(await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: firstTime } }));
    const reader = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.result[0].id;
    await api('DELETE', `/newsletters/${newsletter}/subscribers/${reader}`);
    const moved = outcome(await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: hoursFromNow(3) } }));
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
    const draft = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Draft', content_html: '<p>Hi</p>' } })).body.id;
    const draftSend = outcome(await api('POST', `/newsletters/${newsletter}/emails/${draft}/send`, { body: { scheduled_at: hoursFromNow(3) } }));
    return { scheduled, moved, status: read.status, keptTime: read.scheduled_at === firstTime, draftSend };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      scheduled: [200],
      moved: [200],
      status: 'scheduled',
      keptTime: false,
      draftSend: [422, problemType('email-not-sendable'), ['path.newsletter_id']],
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      scheduled: [200],
      moved: [422, problemType('email-not-sendable'), ['path.newsletter_id']],
      status: 'scheduled',
      keptTime: true,
      draftSend: [422, problemType('email-not-sendable'), ['path.newsletter_id']],
    }),
});

add({
  fault: 'email-get-sent-scheduled-at-null',
  what: "getEmail must answer a sent email's scheduled_at as it is kept, as listEmails shows it",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Hello', content_html: '<p>Hi</p>' } })).body.id;
    const draft = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body.scheduled_at;
    const sendAnswer = (await api('POST', `/newsletters/${newsletter}/emails/${email}/send`)).body.scheduled_at;
    const sent = await eventually(async () => {
      const read = (await api('GET', `/newsletters/${newsletter}/emails/${email}`)).body;
      return read.status === 'sent' ? read : undefined;
    });
    const listed = (await api('GET', `/newsletters/${newsletter}/emails`)).body.result[0];
    return { draft, sentAtSet: sent.sent_at !== null, got: sent.scheduled_at === sendAnswer, listed: listed.scheduled_at === sendAnswer, gotNull: sent.scheduled_at === null };
  },
  broken: (seen) => expect(seen).toEqual({ draft: null, sentAtSet: true, got: false, listed: true, gotNull: true }),
  correct: (seen) => expect(seen).toEqual({ draft: null, sentAtSet: true, got: true, listed: true, gotNull: false }),
});

add({
  fault: 'email-update-markdown-keeps-hand-written-html',
  what: 'updateEmail must render content_md sent alone into content_html, also for a draft written as HTML',
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const fromMarkdown = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'One', content_md: 'Old' } })).body.id;
    const remade = (await api('PATCH', `/newsletters/${newsletter}/emails/${fromMarkdown}`, { body: { content_md: '**Two**' } })).body.content_html;
    const fromHtml = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Two', content_html: '<p>Old</p>' } })).body.id;
    const answered = (await api('PATCH', `/newsletters/${newsletter}/emails/${fromHtml}`, { body: { content_md: '*New*' } })).body.content_html;
    const read = (await api('GET', `/newsletters/${newsletter}/emails/${fromHtml}`)).body.content_html;
    return { remade, answered, read };
  },
  broken: (seen) => expect(seen).toEqual({ remade: '<p><strong>Two</strong></p>\n', answered: '<p>Old</p>', read: '<p>Old</p>' }),
  correct: (seen) => expect(seen).toEqual({ remade: '<p><strong>Two</strong></p>\n', answered: '<p><em>New</em></p>\n', read: '<p><em>New</em></p>\n' }),
});

add({
  fault: 'email-create-link-definitions-leak',
  what: 'createEmail must render a [label] without a definition of its own as text, whatever earlier emails defined',
  observe: async ({ api, otherToken }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const defining = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'One', content_md: 'See [docs].\n\n[docs]: https://example.com/docs\n' } })).body.content_html;
    const same = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject: 'Two', content_md: 'Read [docs].' } })).body.content_html;
    const elsewhere = await newNewsletter(api, 'Elsewhere', otherToken);
    const other = (await api('POST', `/newsletters/${elsewhere}/emails`, { body: { subject: 'Three', content_md: 'Read [docs].' }, token: otherToken })).body.content_html;
    return { defining, same, other };
  },
  broken: (seen) =>
    expect(seen).toEqual({
      defining: '<p>See <a href="https://example.com/docs">docs</a>.</p>\n',
      same: '<p>Read <a href="https://example.com/docs">docs</a>.</p>\n',
      other: '<p>Read <a href="https://example.com/docs">docs</a>.</p>\n',
    }),
  correct: (seen) =>
    expect(seen).toEqual({
      defining: '<p>See <a href="https://example.com/docs">docs</a>.</p>\n',
      same: '<p>Read [docs].</p>\n',
      other: '<p>Read [docs].</p>\n',
    }),
});

add({
  fault: 'subscriber-delete-old-id-removes-resubscribed',
  what: "deleteSubscriber must answer an id deleted before 404, and leave the address's new subscriber",
  observe: async ({ api }) => {
    const newsletter = await newNewsletter(api, 'Weekly');
    const subscribe = async (email: string) => (await api('POST', `/newsletters/${newsletter}/subscribers`, { body: { email } })).body.id as number;
    const old = await subscribe('ada@example.com');
    const once = await subscribe('bob@example.com');
    const first = (await api('DELETE', `/newsletters/${newsletter}/subscribers/${old}`)).status;
    await api('DELETE', `/newsletters/${newsletter}/subscribers/${once}`);
    const again = await subscribe('ada@example.com');
    const onceAgain = (await api('DELETE', `/newsletters/${newsletter}/subscribers/${once}`)).status;
    const oldAgain = (await api('DELETE', `/newsletters/${newsletter}/subscribers/${old}`)).status;
    const listed = (await api('GET', `/newsletters/${newsletter}/subscribers`)).body.result.map((s: { id: number }) => s.id);
    return { first, onceAgain, oldAgain, newIdListed: listed.includes(again), fresh: again !== old };
  },
  broken: (seen) => expect(seen).toEqual({ first: 204, onceAgain: 404, oldAgain: 204, newIdListed: false, fresh: true }),
  correct: (seen) => expect(seen).toEqual({ first: 204, onceAgain: 404, oldAgain: 404, newIdListed: true, fresh: true }),
});

add({
  fault: 'post-create-categories-cached-per-page',
  what: "createPost must accept a category of the page made after the page's first post",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const early = await newCategory(api, page, 'News');
    const first = outcome(await api('POST', `/pages/${page}/posts`, { body: { title: 'One', category_id: early } }));
    const late = await newCategory(api, page, 'Events');
    const second = await api('POST', `/pages/${page}/posts`, { body: { title: 'Two', category_id: late } });
    return { first, second: outcome(second), categorised: second.body.category_id === late, total: (await api('GET', `/pages/${page}/posts`)).body.total };
  },
  broken: (seen) => expect(seen).toEqual({ first: [201], second: [422, problemType('validation-failed'), ['category_id']], categorised: false, total: 1 }),
  correct: (seen) => expect(seen).toEqual({ first: [201], second: [201], categorised: true, total: 2 }),
});

add({
  fault: 'post-publish-beside-other-fields-unstamped',
  what: 'updatePost publishing a draft must set first_published_at, whatever other fields the PATCH changes',
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const draft = async (title: string) => (await api('POST', `/pages/${page}/posts`, { body: { title } })).body.id as number;
    const alone = await draft('Alone');
    const aloneStamped = (await api('PATCH', `/pages/${page}/posts/${alone}`, { body: { status: 'published' } })).body.first_published_at !== null;
    const beside = await draft('Beside');
    const answer = (await api('PATCH', `/pages/${page}/posts/${beside}`, { body: { status: 'published', title: 'Beside, retitled' } })).body;
    const read = (await api('GET', `/pages/${page}/posts/${beside}`)).body;
    return { aloneStamped, status: answer.status, title: read.title, besideStamped: answer.first_published_at !== null, readStamped: read.first_published_at !== null };
  },
  broken: (seen) => expect(seen).toEqual({ aloneStamped: true, status: 'published', title: 'Beside, retitled', besideStamped: false, readStamped: false }),
  correct: (seen) => expect(seen).toEqual({ aloneStamped: true, status: 'published', title: 'Beside, retitled', besideStamped: true, readStamped: true }),
});

add({
  fault: 'author-last-active-deactivation-refused',
  what: "updateAuthor must make the workspace's last active author inactive when asked",
  observe: async (s) => {
    const workspace = workspaceOf(s);
    for (const id of olderAuthorIds(s)) s.server.services.authors.update(workspace, id, { active: false });
    const other = anotherAuthor(s);
    const notLast = outcome(await s.api('PATCH', `/authors/${other}`, { body: { active: false } }));
    const last = outcome(await s.api('PATCH', `/authors/${s.authorId}`, { body: { active: false } }));
    return { notLast, last, active: (await s.api('GET', `/authors/${s.authorId}`)).body.active };
  },
  broken: (seen) => expect(seen).toEqual({ notLast: [200], last: [422, problemType('validation-failed'), ['active']], active: true }),
  correct: (seen) => expect(seen).toEqual({ notLast: [200], last: [200], active: false }),
});

add({
  fault: 'author-get-inactive-profile-hidden',
  what: "getAuthor must answer an inactive author's position and descriptions as kept",
  observe: async (s) => {
    const author = anotherAuthor(s);
    const profile = { position: 'Editor', short_description: 'Writes.', long_description: 'Writes a lot.' };
    await s.api('PATCH', `/authors/${author}`, { body: profile });
    const pick = (a: Record<string, unknown>) => ({ position: a.position, short_description: a.short_description, long_description: a.long_description });
    const active = pick((await s.api('GET', `/authors/${author}`)).body);
    await s.api('PATCH', `/authors/${author}`, { body: { active: false } });
    const inactive = pick((await s.api('GET', `/authors/${author}`)).body);
    const listed = pick((await s.api('GET', '/authors?active=false')).body.result.find((a: { id: number }) => a.id === author));
    return { active, inactive, listed };
  },
  broken: (seen) => {
    const profile = { position: 'Editor', short_description: 'Writes.', long_description: 'Writes a lot.' };
    expect(seen).toEqual({ active: profile, inactive: { position: null, short_description: null, long_description: null }, listed: profile });
  },
  correct: (seen) => {
    const profile = { position: 'Editor', short_description: 'Writes.', long_description: 'Writes a lot.' };
    expect(seen).toEqual({ active: profile, inactive: profile, listed: profile });
  },
});

contrastFaults('the forty-sixth look', cases);
