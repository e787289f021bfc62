/**
 * The title the contract itself gives each problem type (errors.title-per-type: "A problem's `title` is
 * the same for every occurrence of its `type`, whatever the operation or the cause"). The contract shows
 * occurrences of its types in its examples (EmailNotDraft: type email-not-draft, title "Email is not a
 * draft"), so each example is the first occurrence every answer of its type is compared with: a server
 * that titles the one cause a run meets in its own words is then seen in a run that meets no other
 * occurrence of the type (a run of deleteEmail alone).
 *
 * Every problem document anywhere in the document counts (components' examples, inline examples and
 * `example`s alike): an object with a string `type`, a string `title` and a numeric `status`. A type the
 * contract's examples give two titles has no title stated here (the contract would contradict itself).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

export interface StatedTitle {
  title: string;
  /** JSON pointer of the first example that shows it, to name in a failure. */
  pointer: string;
}

/** The title the contract's examples give each problem type, by type. */
export function statedProblemTitles(document: Node): Map<string, StatedTitle> {
  const stated = new Map<string, StatedTitle>();
  const contradicted = new Set<string>();
  const visit = (node: Node, pointer: string): void => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.type === 'string' && typeof node.title === 'string' && typeof node.status === 'number' && node.type !== 'about:blank') {
      const earlier = stated.get(node.type);
      if (!earlier) stated.set(node.type, { title: node.title, pointer });
      else if (earlier.title !== node.title) contradicted.add(node.type);
    }
    for (const [key, child] of Object.entries<Node>(node)) visit(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  visit(document, '');
  for (const type of contradicted) stated.delete(type);
  return stated;
}
