import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The repository's TypeScript import graph, read from the sources with a regular expression (no
 * compiler, no new dependency): relative imports and the workspace packages' `source` exports resolve
 * to files; everything else (npm packages, node:) is left out.
 */
export interface ImportGraph {
  /** Repository-relative path of each source file → the repository-relative files it imports. */
  edges: Map<string, Set<string>>;
  /** Workspace package name (`@remit/query`) → its folder (`services/query`). */
  packages: Map<string, string>;
}

const SOURCE_ROOTS = [
  'contracts/src',
  'eventstore/src',
  'readmodels/src',
  'domain/src',
  'services',
  'web/src',
];
const SKIPPED = new Set(['node_modules', 'dist', 'dev-dist', 'scripts', 'migrations']);
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The specifiers a file imports, type-only imports included (a circle through types is still one). */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => (match[1] ?? match[2] ?? match[3]) as string);
}

function workspacePackages(root: string): Map<string, { folder: string; exports: Map<string, string> }> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const packages = new Map<string, { folder: string; exports: Map<string, string> }>();
  for (const folder of manifest.workspaces) {
    const pkg = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, { source?: string }>;
    };
    const exports = new Map<string, string>();
    for (const [subpath, targets] of Object.entries(pkg.exports ?? {})) {
      if (targets.source) exports.set(subpath, join(folder, targets.source));
    }
    packages.set(pkg.name, { folder, exports });
  }
  return packages;
}

function resolveFile(root: string, candidate: string): string | null {
  const bare = candidate.replace(/\.(m?js|jsx|tsx?)$/, '');
  for (const file of [`${bare}.ts`, `${bare}.tsx`, join(bare, 'index.ts'), join(bare, 'index.tsx')]) {
    if (existsSync(join(root, file)) && statSync(join(root, file)).isFile()) return file;
  }
  return null;
}

export function readImportGraph(root: string): ImportGraph {
  const packages = workspacePackages(root);
  const edges = new Map<string, Set<string>>();
  const files = SOURCE_ROOTS.flatMap((folder) => sourceFiles(join(root, folder)));
  for (const path of files) {
    const file = relative(root, path);
    const targets = new Set<string>();
    for (const specifier of importsOf(readFileSync(path, 'utf8'))) {
      let target: string | null = null;
      if (specifier.startsWith('.')) {
        target = resolveFile(root, relative(root, resolve(dirname(path), specifier)));
      } else {
        const name = specifier.split('/').slice(0, 2).join('/');
        const subpath = `.${specifier.slice(name.length)}`;
        const source = packages.get(name)?.exports.get(subpath);
        if (source) target = resolveFile(root, source);
      }
      if (target) targets.add(target);
    }
    edges.set(file, targets);
  }
  return {
    edges,
    packages: new Map([...packages].map(([name, { folder }]) => [name, folder])),
  };
}

/**
 * Every import circle, each once: the strongly connected components (Tarjan) with more than one file,
 * or a file that imports itself, as sorted lists of files.
 */
export function importCircles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || edges.get(file)?.has(file)) circles.push(component.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}
