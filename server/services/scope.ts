/**
 * Checks against the caller's workspace. First the parents a nested resource lives under: every
 * operation under /pages/{page_id} or /newsletters/{newsletter_id} starts here, so a parent of
 * another workspace is a 404 before anything else is looked at. Then the names and author
 * references that more than one kind of resource checks in the workspace.
 */
import type { Newsletter, Page } from '../../generated/openapi.d.ts';
import { problems, type FieldError } from '../http/problem.ts';
import type { ServiceContext } from './context.ts';

/** Answers 404 unless the caller's workspace has this page; cheaper than reading the page. */
export function ensurePageInWorkspace(context: ServiceContext, workspaceId: number, pageId: number): void {
  if (!context.stores.pages.exists(workspaceId, pageId)) throw problems.notFound(`There is no page ${pageId} in your workspace.`);
}

/** Answers 404 unless the caller's workspace has this newsletter; cheaper than reading it. */
export function ensureNewsletterInWorkspace(context: ServiceContext, workspaceId: number, newsletterId: number): void {
  if (!context.stores.newsletters.exists(workspaceId, newsletterId)) throw problems.notFound(`There is no newsletter ${newsletterId} in your workspace.`);
}

export function pageInWorkspace(context: ServiceContext, workspaceId: number, pageId: number): Page {
  const page = context.stores.pages.get(workspaceId, pageId);
  if (!page) throw problems.notFound(`There is no page ${pageId} in your workspace.`);
  return page;
}

export function newsletterInWorkspace(context: ServiceContext, workspaceId: number, newsletterId: number): Newsletter {
  const newsletter = context.stores.newsletters.get(workspaceId, newsletterId);
  if (!newsletter) throw problems.notFound(`There is no newsletter ${newsletterId} in your workspace.`);
  return newsletter;
}

/** Answers 409 when another page or newsletter of the workspace (not `exceptId`) has this name. */
export function ensureNameFree(context: ServiceContext, kind: 'page' | 'newsletter', workspaceId: number, name: string, exceptId?: number): void {
  const store = kind === 'page' ? context.stores.pages : context.stores.newsletters;
  const holder = store.idByName(workspaceId, name);
  if (holder !== undefined && holder !== exceptId) {
    throw problems.nameTaken(`Another ${kind} of your workspace is already named "${name}".`);
  }
}

/** The field error for an `author_id` that is not an author of the workspace; none when it is, or is absent. */
export function authorError(context: ServiceContext, workspaceId: number, authorId: number | null | undefined): FieldError | undefined {
  if (authorId != null && !context.stores.authors.exists(workspaceId, authorId)) {
    return { field: 'author_id', message: 'must be an author of your workspace' };
  }
  return undefined;
}
