import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import circles among the shipped TypeScript files under `root` (tests and testing/ folders left out), each
 * as the chain of files from the root's point of view, e.g. `a.ts → b.ts → a.ts`. Only relative imports count
 * (type-only ones too: a circle of types still ties two modules into one), which is what a circle inside one
 * package is made of.
 */
export function importCycles(root: string): string[] {
  const files = sourceFiles(root);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const cycles = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') {
        const chain = [...stack.slice(stack.indexOf(next)), next];
        cycles.add(chain.map((entry) => relative(root, entry)).join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return [...cycles];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'testing' || name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map(
    (match) => match[1],
  );
  return specifiers.flatMap((specifier) => {
    const base = resolve(dirname(file), specifier ?? '').replace(/\.js$/, '');
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path));
    return found ? [found] : [];
  });
}
