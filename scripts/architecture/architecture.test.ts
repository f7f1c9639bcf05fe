import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import vitestConfig, { needsOwnModules } from '../../vitest.config.js';
import { importCircles, importsOf, readImportGraph } from './imports.js';

const root = join(import.meta.dirname, '..', '..');
const graph = readImportGraph(root);

/** Offenders that may stay, each with why: none since issue 26's last items (D-160, D-161). A new one fails. */
const allowed = {
  crossService: new Set<string>([]),
  circles: new Set<string>([]),
  readingRoutes: new Set<string>([]),
};

/** Services whose packages others may import: kit is the shared toolkit, app composes the whole. */
const serviceOf = (file: string) => /^services\/([^/]+)\//.exec(file)?.[1] ?? null;
const mayImport = (from: string, to: string) => from === to || to === 'kit' || from === 'app';

describe('architecture (issue 26)', () => {
  it('reads the import graph of every workspace (a sanity check that the reader finds the code)', () => {
    expect(graph.edges.size).toBeGreaterThan(300);
    expect(graph.edges.get('services/query/src/settings/routes.ts')).toContain(
      'services/query/src/settings/repository.ts',
    );
    expect(graph.edges.get('services/app/src/app.ts')).toContain('services/query/src/index.ts');
  });

  it('finds a circle and a cross-service import when there is one', () => {
    const edges = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts'])],
      ['d.ts', new Set(['a.ts'])],
    ]);
    expect(importCircles(edges)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(mayImport('query', 'command')).toBe(false);
    expect(mayImport('command', 'kit')).toBe(true);
    expect(
      importsOf("import type { A } from './a.js';\nexport { b } from '../b.js';\nawait import('./c.js');"),
    ).toEqual(['./a.js', '../b.js', './c.js']);
  });

  it('no service imports another service (only kit, the shared toolkit; app composes them)', () => {
    const offenders: string[] = [];
    for (const [file, targets] of graph.edges) {
      const from = serviceOf(file);
      for (const target of targets) {
        const to = serviceOf(target);
        if (from && to && !mayImport(from, to)) offenders.push(`${file} -> ${target}`);
      }
    }
    expect(offenders.filter((offender) => !allowed.crossService.has(offender))).toEqual([]);
  });

  it('the domain imports only contracts, the event store and the kit: no service, no read model', () => {
    const mayDomainImport = /^(domain|contracts|eventstore|services\/kit)\//;
    const offenders = [...graph.edges]
      .filter(([file]) => file.startsWith('domain/'))
      .flatMap(([file, targets]) =>
        [...targets]
          .filter((target) => !mayDomainImport.test(target))
          .map((target) => `${file} -> ${target}`),
      );
    expect(offenders).toEqual([]);
    expect(graph.edges.get('services/projector/src/time/process.ts')).toContain('domain/src/index.ts');
  });

  it('no import circles across the TypeScript sources', () => {
    const circles = importCircles(graph.edges).map((circle) => circle.join(' | '));
    expect(circles.filter((circle) => !allowed.circles.has(circle))).toEqual([]);
  });

  it("query routes only parse, call and answer: reads live in the feature's repository", () => {
    const readsData = /\.(select|selectDistinct|execute)\(|\.readStream\(/;
    const offenders = [...graph.edges.keys()].filter(
      (file) =>
        /^services\/query\/src\/.*routes\.ts$/.test(file) &&
        readsData.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders.filter((file) => !allowed.readingRoutes.has(file))).toEqual([]);
  });

  it('a test file that replaces modules never shares a module graph with other files (D-361, D-540, D-611)', () => {
    expect(needsOwnModules("vi.mock('../../api/client', () => ({}));")).toBe(true);
    expect(needsOwnModules('await vi\n  .doMock("./mail.js");')).toBe(true);
    expect(needsOwnModules('beforeEach(() => vi.resetModules());')).toBe(true);
    expect(needsOwnModules('  // Runs isolated: the module reads the clock when imported')).toBe(true);
    expect(needsOwnModules('vi.mocked(fetch).mock.calls; vi.spyOn(console, "warn"); vi.fn();')).toBe(false);

    const projects = (vitestConfig.test?.projects ?? []).filter(
      (project): project is TestProjectInlineConfiguration =>
        typeof project === 'object' && !(project instanceof Promise),
    );
    const web = projects.find((project) => project.test?.name === 'web');
    expect(web?.test?.isolate).toBe(false);
    const webFiles = (web?.test?.include ?? []).map((file) => join(root, 'web', file));
    expect(webFiles.length).toBeGreaterThan(50);
    const server = projects.find((project) => project.test?.name === 'server');
    expect(server?.test?.isolate).toBe(false);
    const serverFiles = (server?.test?.include ?? []).map((file) => join(root, file));
    expect(serverFiles.length).toBeGreaterThan(100);
    // The pure project's packages, file by file (its include is globs).
    const pureFiles = ['contracts/src', 'domain/src'].flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => join(root, folder, file)),
    );
    const offenders = [...webFiles, ...serverFiles, ...pureFiles].filter((file) =>
      needsOwnModules(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
