/**
 * The faults of server/faults/state-neighbours.ts really break what they name: each case runs the same
 * requests against the server with the fault and without it, and requires the broken answer from the
 * first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, newsletterWithReader, pause } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const newPage = async (api: Api, name: string) => (await api('POST', '/pages', { body: { name } })).body.id as number;
const newPost = async (api: Api, page: number, title: string, status: string) => (await api('POST', `/pages/${page}/posts`, { body: { title, status } })).body.id as number;
const newEmail = async (api: Api, newsletter: number, subject: string) => (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject, content_html: '<p>Hello</p>' } })).body.id as number;
const statusOf = async (api: Api, path: string) => (await api('GET', path)).body.status as string;

add({
  fault: 'post-unpublish-same-slug-in-workspace',
  what: "updatePost returning a post to draft must leave the published post of the same slug on another page published",
  observe: async ({ api }) => {
    const [first, second] = [await newPage(api, 'First'), await newPage(api, 'Second')];
    const [mine, twin] = [await newPost(api, first, 'Launch', 'published'), await newPost(api, second, 'Launch', 'published')];
    const unpublished = await api('PATCH', `/pages/${first}/posts/${mine}`, { body: { status: 'draft' } });
    return { unpublished: [unpublished.status, unpublished.body.status], twin: await statusOf(api, `/pages/${second}/posts/${twin}`) };
  },
  broken: (seen) => expect(seen).toEqual({ unpublished: [200, 'draft'], twin: 'draft' }),
  correct: (seen) => expect(seen).toEqual({ unpublished: [200, 'draft'], twin: 'published' }),
});

add({
  fault: 'post-unpublish-stamps-page',
  what: "updatePost returning a post to draft must leave its page's updated_at as it was (a publication does)",
  observe: async ({ api }) => {
    const page = await newPage(api, 'Blog');
    const [published, draft] = [await newPost(api, page, 'Out', 'published'), await newPost(api, page, 'In', 'draft')];
    const stamp = async () => (await api('GET', `/pages/${page}`)).body.updated_at as string;
    const before = await stamp();
    await api('PATCH', `/pages/${page}/posts/${draft}`, { body: { status: 'published' } });
    const afterPublish = await stamp();
    // Past the page's own millisecond, so a stamp written now shows.
    await pause(5);
    await api('PATCH', `/pages/${page}/posts/${published}`, { body: { status: 'draft' } });
    return { afterPublish: afterPublish === before, afterUnpublish: (await stamp()) === before };
  },
  broken: (seen) => expect(seen).toEqual({ afterPublish: true, afterUnpublish: false }),
  correct: (seen) => expect(seen).toEqual({ afterPublish: true, afterUnpublish: true }),
});

add({
  fault: 'send-later-schedules-newsletter-drafts',
  what: "sendEmail with a scheduled_at must leave the newsletter's other drafts drafts (a send at once does)",
  observe: async ({ api }) => {
    const newsletter = await newsletterWithReader(api, 'Weekly');
    const [later, other] = [await newEmail(api, newsletter, 'Later'), await newEmail(api, newsletter, 'Other')];
    const sent = await api('POST', `/newsletters/${newsletter}/emails/${later}/send`, { body: { scheduled_at: hoursFromNow(48) } });
    return { sent: [sent.status, sent.body.status], other: await statusOf(api, `/newsletters/${newsletter}/emails/${other}`) };
  },
  broken: (seen) => expect(seen).toEqual({ sent: [200, 'scheduled'], other: 'scheduled' }),
  correct: (seen) => expect(seen).toEqual({ sent: [200, 'scheduled'], other: 'draft' }),
});

add({
  fault: 'author-deactivate-same-address-elsewhere',
  what: "updateAuthor active false must leave the other workspace's author of the same address active",
  observe: async ({ api, otherToken }) => {
    const mine = (await api('GET', '/authors?size=100')).body.result as { id: number; email: string }[];
    const theirs = (await api('GET', '/authors?size=100', { token: otherToken })).body.result as { id: number; email: string }[];
    const shared = mine.find((author) => theirs.some((other) => other.email === author.email))!;
    const twin = theirs.find((other) => other.email === shared.email)!;
    const deactivated = await api('PATCH', `/authors/${shared.id}`, { body: { active: false } });
    const twinAfter = await api('GET', `/authors/${twin.id}`, { token: otherToken });
    return { deactivated: [deactivated.status, deactivated.body.active], twin: twinAfter.body.active };
  },
  broken: (seen) => expect(seen).toEqual({ deactivated: [200, false], twin: false }),
  correct: (seen) => expect(seen).toEqual({ deactivated: [200, false], twin: true }),
});

contrastFaults('what a state change leaves alone', cases);
