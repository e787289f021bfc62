/**
 * The parents a nested resource lives under, checked against the caller's workspace. Every operation
 * under /pages/{page_id} or /newsletters/{newsletter_id} starts here, so a parent of another
 * workspace is a 404 before anything else is looked at.
 */
import type { Newsletter, Page } from '../../generated/openapi.d.ts';
import { problems } from '../http/problem.ts';
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
