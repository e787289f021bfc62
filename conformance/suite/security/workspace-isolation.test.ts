/**
 * workspace_isolation, with --token2 (a token of a second workspace): every operation that takes an id
 * answers 404 for the first workspace's resources (never 200 or 403), and a write through the second
 * token leaves the first workspace's resource as it was. Lists of the second workspace never show the
 * first workspace's pages or newsletters.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, wellFormedCall, type PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';

const { contract } = suiteContext();

function requireSecondToken(t: Kit): string {
  if (!t.options.token2) t.notApplicable('needs --token2, a token of a second workspace');
  return t.options.token2;
}

/** The GET that reads back what an operation acts on: the item itself, or the list it creates into. */
function readerOf(operation: OperationInfo): OperationInfo | undefined {
  const path = operation.path.replace(/\/send$/, '');
  return contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === path);
}

/** The field a created resource is recognised by in its list. */
const IDENTIFYING_FIELDS = ['title', 'name', 'subject', 'email'];

/** After the second workspace's write was refused, the first workspace's resource shows no trace of it. */
async function verifyUnchanged(t: Kit, operation: OperationInfo, ids: PathIds, sent: Record<string, unknown> | undefined): Promise<void> {
  const reader = readerOf(operation);
  if (!reader || operation.method === 'GET') return;
  const readsList = operation.method === 'POST' && reader.path === operation.path;
  const { status, json } = await t.call(reader, { ids, query: readsList ? { size: 100 } : undefined });
  const verdict = (condition: boolean, reason: string) => t.verify(condition, reason);
  if (operation.method === 'DELETE') {
    verdict(status === 200, `the resource the second workspace deleted is gone for its own workspace (${reader.operationId} answered ${status})`);
  } else if (operation.operationId === 'sendEmail') {
    verdict((json as { status?: string })?.status === 'draft', `the email the second workspace sent is now ${(json as { status?: string })?.status}`);
  } else if (operation.method === 'PATCH' && sent) {
    const changed = Object.entries(sent).filter(([field, value]) => (json as Record<string, unknown>)?.[field] === value);
    verdict(changed.length === 0, `the second workspace's change landed: ${changed.map(([field]) => field).join(', ')}`);
  } else if (operation.method === 'POST' && sent) {
    const field = IDENTIFYING_FIELDS.find((name) => typeof sent[name] === 'string');
    const items = ((json as { result?: Record<string, unknown>[] })?.result ?? []) as Record<string, unknown>[];
    const value = field ? String(sent[field]).trim().toLowerCase() : undefined;
    const leaked = value !== undefined && items.some((item) => String(item[field!]).toLowerCase() === value);
    verdict(!leaked, `what the second workspace created appears in the first workspace's ${reader.operationId}`);
  }
}

for (const operation of contract.operations) {
  const takesId = operation.parameters.some((parameter) => parameter.in === 'path');
  if (!takesId) continue;
  forOperation(operation.operationId, (test) => {
    test("answers 404 for another workspace's resource and leaves it unchanged", { check: 'workspace_isolation', rules: ['auth.workspace-scope'], needs: ['token_validation', 'state'] }, async (t: Kit) => {
      const token2 = requireSecondToken(t);
      const ids = await pathIdsFor(t, operation);
      const call = wellFormedCall(t, operation, ids);
      const { status } = await t.call(operation, { ...call, authorization: `Bearer ${token2}` });
      t.verify(status === 404, `the second workspace got ${status ?? 'nothing'} for the first workspace's resource; expected 404`);
      await verifyUnchanged(t, operation, ids, call.body as Record<string, unknown> | undefined);
    });
  }, { concurrent: true });
}

for (const [operationId, readerId, fixture] of [
  ['listPages', 'getPage', 'page'],
  ['listNewsletters', 'getNewsletter', 'newsletter'],
] as const) {
  forOperation(operationId, (test) => {
    test(`never lists another workspace's ${fixture}s`, { check: 'workspace_isolation', rules: ['auth.workspace-scope'], needs: ['token_validation', 'state'] }, async (t: Kit) => {
      const token2 = requireSecondToken(t);
      const resources = new Resources(t);
      const id = fixture === 'page' ? resources.sharedPageId() : resources.sharedNewsletterId();
      const own = await t.call(contract.operation(readerId), { ids: { id } });
      const workspaceId = (own.json as { workspace_id?: number } | undefined)?.workspace_id;
      t.ensure(typeof workspaceId === 'number', `the first workspace cannot read its own ${fixture} ${id}`, { evidence: own.exchange });
      for (let page = 1; page <= 20; page++) {
        const listed = await t.call(contract.operation(operationId), { ids: {}, query: { page, size: 100 }, authorization: `Bearer ${token2}` });
        const items = (listed.json as { result?: { id: number; workspace_id: number }[] } | undefined)?.result ?? [];
        const leaked = items.filter((item) => item.workspace_id === workspaceId || item.id === id);
        t.verify(leaked.length === 0, `the second workspace's list shows the first workspace's ${fixture}s ${leaked.map((item) => item.id).join(', ')}`, {
          evidence: listed.exchange,
        });
        if (items.length < 100) break;
      }
    });
  });
}
