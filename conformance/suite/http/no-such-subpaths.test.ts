/**
 * unknown_path below every path of the contract: each path, filled with real ids (the run's page and
 * newsletter, a resource of the test's own for `{id}`), with one more segment that makes it a path no
 * operation has (no-such-subpaths.ts: a segment no path has, and each child or action segment of the
 * contract the path lacks, `/send` under a post, `/emails` under a page), asked with GET and HEAD: a
 * 404 problem document of type not-found, HEAD without the body (errors.no-such-path). A router that
 * takes a trailing segment as optional answers such a path with the resource above it, 200; the
 * paths under the base path and around the images (no-such-paths.ts) never reach that route.
 *
 * One test per path, under the path's first operation (as method-not-allowed.test.ts), its requests all
 * at once; each is a router's miss, answered before any work.
 */
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { judgeNoSuchPaths } from '../no-such-paths.ts';
import { missingSubpathSegments } from '../no-such-subpaths.ts';
import { fillPath, pathIdsFor } from '../requests.ts';

const { contract } = suiteContext();

/** A segment no path of the contract has, in letters only: what a view or a subresource of another API is called. */
const UNKNOWN_SEGMENT = 'archive';

const firstOperationOfPath = new Map<string, (typeof contract.operations)[number]>();
for (const operation of contract.operations) if (!firstOperationOfPath.has(operation.path)) firstOperationOfPath.set(operation.path, operation);

for (const [path, first] of firstOperationOfPath) {
  const segments = missingSubpathSegments(contract, path, UNKNOWN_SEGMENT);
  if (segments.length === 0) continue;
  forOperation(first.operationId, (test) => {
    test(`answers every path one segment below ${path} that no operation has (${segments.map((segment) => `/${segment}`).join(', ')}) 404 with a not-found problem document, to GET and HEAD`, { check: 'unknown_path', rules: ['errors.no-such-path', 'errors.problem-details', 'responses.media-type'], needs: ['state'] }, async (t: Kit) => {
      // Real ids: a router that answers the resource above the segment shows only where there is one.
      const filled = fillPath(path, await pathIdsFor(t, first, { toSend: false }));
      const base = t.options.baseUrl.replace(/\/$/, '');
      await judgeNoSuchPaths(
        t,
        segments.map((segment) => ({ what: segment === UNKNOWN_SEGMENT ? `a segment no path has, below ${path}` : `/${segment} below ${path}, which has no such child`, url: `${base}${filled}/${segment}`, mustBe404: true })),
      );
    });
  });
}
