/**
 * page.domain-random-part, judged on every create answer by itself (suite/kit.ts): "A new page's `domain`
 * is its `name_slug` (cut to fit a 63-character DNS label), a hyphen and six random lowercase letters and
 * digits" (paths/pages.yaml). Every page the run makes shows it, whatever the test: one given an explicit
 * slug that is not its name's, one of a long or non-ASCII name, one made by a hostile or generated case.
 * A server that builds the domain from the slug (the other candidate source, the same text for most
 * pages) passes every test that makes pages from their names alone. A domain never changes afterwards
 * (resources.fixed-fields judges that across answers), so the create's answer is the one to judge.
 */
import type { OperationInfo } from '../contract/document.ts';
import { answerJsonOrUndefined } from '../contract/answer-json.ts';
import { domainParts } from './page-domains.ts';

/** Why a 201 of a create that shows a domain and a name_slug has a domain not made of that name_slug; undefined otherwise. */
export function createdDomainProblem(operation: OperationInfo, status: number, bodyText: string): string | undefined {
  if (operation.method !== 'POST' || status !== 201) return undefined;
  const body = answerJsonOrUndefined(bodyText) as Record<string, unknown> | undefined;
  if (typeof body?.domain !== 'string' || typeof body.name_slug !== 'string') return undefined;
  const shape = domainParts(body.domain, body.name_slug);
  if (typeof shape !== 'string') return undefined;
  const slug = typeof body.slug === 'string' && body.slug !== body.name_slug ? ` (its slug, ${body.slug}, is not the source)` : '';
  return `${operation.operationId} made ${body.id ?? 'a page'} of name_slug ${body.name_slug}${slug}: ${shape}; a new page's domain is its name_slug (cut to fit the label), a hyphen and six random letters and digits`;
}
