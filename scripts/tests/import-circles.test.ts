/**
 * No import circles in the project (server, conformance, client, openapi, scripts, bench, generated),
 * type-only imports included: a circle is a knot a reader must untie, and an order of evaluation that
 * depends on who imports first.
 */
import { describe, expect, it } from 'vitest';
import { circles, importGraph, specifiersOf } from '../import-graph.ts';

describe('the import graph', () => {
  it('reads every kind of import, type-only ones included', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import { type B } from './b.ts';",
      "export { C } from './c.ts';",
      "export type * from './d.ts';",
      "type E = import('./e.ts').E;",
      "const f = await import('./f.ts');",
      "import './g.ts';",
    ].join('\n');
    expect(specifiersOf('x.ts', text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts', './f.ts', './g.ts']);
  });

  it('finds a circle, a knot of several and a file that imports itself, and nothing in a graph without one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts'], ['d.ts', 'd.ts']]);
    expect(circles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', []], ['d.ts', ['b.ts', 'c.ts']]]))).toEqual([]);
  });

  it('of the project has no circle', () => {
    const graph = importGraph();
    expect(graph.get('server/app.ts'), 'the graph reads the project').toContain('server/http/pipeline.ts');
    expect(circles(graph).map((circle) => circle.join(' -> '))).toEqual([]);
  });
});
