/**
 * The children whose slug is derived from a field and unique among the children of the same kind in
 * their parent: posts and categories in a page, emails in a newsletter.
 */
import type { CheckName } from '../../checks/catalog.ts';

export interface SlugChild {
  create: string;
  remove: string;
  parentName: 'page' | 'newsletter';
  parentParameter: 'page_id' | 'newsletter_id';
  /** The field the slug is derived from. */
  field: 'title' | 'name' | 'subject';
  /** The rest of a valid body. */
  body: Record<string, unknown>;
  check: CheckName;
  rules: string[];
}

export const CHILDREN: SlugChild[] = [
  { create: 'createPost', remove: 'deletePost', parentName: 'page', parentParameter: 'page_id', field: 'title', body: { status: 'draft' }, check: 'post_slug', rules: ['post.slug-unique-in-page'] },
  { create: 'createCategory', remove: 'deleteCategory', parentName: 'page', parentParameter: 'page_id', field: 'name', body: {}, check: 'category_slug', rules: ['category.slug-derived'] },
  { create: 'createEmail', remove: 'deleteEmail', parentName: 'newsletter', parentParameter: 'newsletter_id', field: 'subject', body: {}, check: 'crud_agreement', rules: ['email.created-draft'] },
];
