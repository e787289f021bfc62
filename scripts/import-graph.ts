/**
 * The project's import graph, read with the TypeScript compiler: every import and re-export between
 * the project's own files, type-only ones included (`import type`, `import('…')` in a type, dynamic
 * `import()`), and the circles in it. `npx tsx scripts/import-graph.ts` prints the circles and exits 1
 * when there is one; scripts/tests/import-circles.test.ts fails on any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders of the project's code. */
export const PROJECT_FOLDERS = ['server', 'conformance', 'client', 'openapi', 'scripts', 'bench', 'generated'];

const SKIPPED = new Set(['node_modules', 'dist', 'reports', 'data', 'coverage']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(full);
    return /\.[cm]?ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier the file names: imports, re-exports, `import()` in code and in types. */
export function specifiersOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Each project file (relative to the root) and the project files it imports. */
export function importGraph(folders: readonly string[] = PROJECT_FOLDERS): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
  };
  const files = folders.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const inProject = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(file, readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && inProject.has(path.resolve(resolved))) targets.add(path.relative(root, path.resolve(resolved)));
    }
    graph.set(path.relative(root, file), [...targets].sort());
  }
  return graph;
}

/**
 * The circles of the graph: each strongly connected component of more than one file (or a file that
 * imports itself), given as one closed path through it, starting from its first file in name order.
 */
export function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative, so a deep graph cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => closedPath(graph, new Set(component)));
}

/** A shortest closed path from the component's first file back to it, through the component. */
function closedPath(graph: Map<string, string[]>, component: Set<string>): string[] {
  const first = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === first) {
        const route = [node];
        while (route[0] !== first) route.unshift(cameFrom.get(route[0]!)!);
        return [...route, first];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [first, first];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = circles(importGraph());
  for (const circle of found) console.log(circle.join(' -> '));
  // Each line is one closed path; a knot of more files has other paths through the same files.
  console.log(found.length === 0 ? 'No import circles.' : `${found.length} import circle(s).`);
  process.exitCode = found.length === 0 ? 0 : 1;
}
