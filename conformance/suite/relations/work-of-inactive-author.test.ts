/**
 * author.inactive-keeps-work ("An author made inactive keeps their posts and emails: an email they sign
 * still answers their id as `author_id`") and resources.write-named-only (updateAuthor writes the author
 * alone: every other resource "reads as before"), under every read of the work: a post and an email
 * naming the run's author are read, the author is made inactive, and each read again answers the same,
 * `author_id` and every other field, by the get (GET and HEAD: the same headers, Content-Length among
 * them) and by the list. A server that reads the signing author through a join on the authors who may
 * sign now answers null for an inactive one, in one read and not another; each read operation has this
 * test of its own, so a run of that operation alone meets it (updateAuthor's state test covers the gets
 * too, but runs only with updateAuthor).
 *
 * Cost, per read operation: the author read, one draft made, the reads (one or two) before and after,
 * and two updates of the author (inactive and back), under the author's lock.
 */
import { missingCapability } from '../../checks/profile.ts';
import type { Exchange } from '../../http/exchange.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';
import { AUTHOR_NOT_WRITABLE, holdingAuthor } from '../shared-author.ts';

const { contract } = suiteContext();

type Work = { ids: Record<string, number>; id: number };

/** The kinds of work an author signs, how the suite makes one naming the author, and the operations that read it. */
const WORK = [
  { kind: 'post', get: 'getPost', list: 'listPosts', make: async (resources: Resources, authorId: number): Promise<Work> => ({ ids: { page_id: resources.sharedPageId() }, id: (await resources.post(resources.sharedPageId(), { status: 'draft', author_id: authorId })).id }) },
  { kind: 'email', get: 'getEmail', list: 'listEmails', make: async (resources: Resources, authorId: number): Promise<Work> => ({ ids: { newsletter_id: resources.sharedNewsletterId() }, id: (await resources.email(resources.sharedNewsletterId(), { author_id: authorId })).id }) },
] as const;

const header = (exchange: Exchange | undefined, name: string) => exchange?.response?.headers.find(([key]) => key.toLowerCase() === name)?.[1];

/** What a read shows of the work: the item's JSON (get, list) or HEAD's status and Content-Length. */
type Reader = (t: Kit, work: Work) => Promise<{ view: string; exchange: Exchange | undefined }>;

function getReader(operationId: string, method: 'GET' | 'HEAD'): Reader {
  const path = contract.operation(operationId).path;
  return async (t, work) => {
    const read = await t.raw({ method, path: fillPath(path, { ...work.ids, id: work.id }) });
    return { view: method === 'HEAD' ? `${read.status} with Content-Length ${header(read.exchange, 'content-length') ?? 'none'}` : `${read.status} ${JSON.stringify(read.json)}`, exchange: read.exchange };
  };
}

function listReader(operationId: string): Reader {
  const path = contract.operation(operationId).path;
  return async (t, work) => {
    const read = await t.raw({ method: 'GET', path: fillPath(path, work.ids), query: { size: 100 } });
    const item = (read.json as { result?: Array<{ id: unknown }> } | undefined)?.result?.find((listed) => listed.id === work.id);
    return { view: `${read.status} ${item === undefined ? 'without the item' : JSON.stringify(item)}`, exchange: read.exchange };
  };
}

for (const work of WORK) {
  const readers: Array<{ operationId: string; reads: (t: Kit) => Array<[string, Reader]> }> = [
    { operationId: work.get, reads: (t) => [[`GET`, getReader(work.get, 'GET')], ...(missingCapability(t.options.profile, ['head']) === undefined ? [[`HEAD`, getReader(work.get, 'HEAD')] as [string, Reader]] : [])] },
    { operationId: work.list, reads: () => [[work.list, listReader(work.list)]] },
  ];
  for (const { operationId, reads } of readers) {
    forOperation(operationId, (test) => {
      test(`reads the ${work.kind} of an author made inactive as before: author_id and every other field`, { check: 'crud_agreement', rules: ['author.inactive-keeps-work', 'resources.write-named-only'], needs: ['state'] }, async (t: Kit) => {
        const resources = new Resources(t);
        const authorId = resources.sharedAuthorId();
        if (!t.fixtures.authorWritable) t.notApplicable(AUTHOR_NOT_WRITABLE);
        await holdingAuthor(t, authorId, async () => {
          const author = await t.api.GET('/authors/{id}', { params: { path: { id: authorId } } });
          t.ensure(author.response.status === 200 && author.data !== undefined, `getAuthor of ${authorId} answered ${author.response.status}; expected 200`, { evidence: author.response });
          const setActive = async (active: boolean) => {
            const { response } = await t.api.PATCH('/authors/{id}', { params: { path: { id: authorId } }, body: { active } });
            t.ensure(response.status === 200, `updateAuthor of ${authorId} to active ${active} answered ${response.status}; expected 200`, { evidence: response });
          };
          try {
            // Made active first where another test left them inactive: the deactivation is the change judged.
            if (author.data.active === false) await setActive(true);
            const made = await work.make(resources, authorId);
            const views = reads(t);
            const before = await Promise.all(views.map(([, read]) => read(t, made)));
            await setActive(false);
            const after = await Promise.all(views.map(([, read]) => read(t, made)));
            for (const [index, [what]] of views.entries()) {
              t.verify(after[index]!.view === before[index]!.view, `after author ${authorId} was made inactive, ${what} of the ${work.kind} ${made.id} they sign answers ${after[index]!.view}; before, ${before[index]!.view}: an author made inactive keeps their work, which still answers their id as author_id, and an update of the author writes nothing else`, { evidence: after[index]!.exchange });
            }
          } finally {
            await t.api.PATCH('/authors/{id}', { params: { path: { id: authorId } }, body: { active: author.data.active } });
          }
        });
      });
    });
  }
}
