import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the `source` condition, so tests run
// against src/ without a build.
const conditions = ['source'];

/**
 * Pure packages: no I/O, no mocks, no globals. Their files share one module graph per worker (`isolate: false`)
 * instead of importing it again for every file: contracts and domain took 27 CPU-s isolated, 7 CPU-s not
 * (docs/benchmarks.md, CI).
 */
const pureTests = ['contracts/src/**/*.test.ts', 'domain/src/**/*.test.ts'];

const serverFolders = [
  'eventstore/src',
  'readmodels/src',
  'services/kit/src',
  'services/command/src',
  'services/projector/src',
  'services/query/src',
  'services/app/src',
  'scripts',
];

/**
 * Suites that start processes of their own (a cluster behind Caddy, private PostgreSQL servers they stop
 * and start, projector and time processes): each keeps every core busy and times its processes, so they
 * run last, one at a time, with nothing beside them.
 */
const processSuites = [
  'services/app/src/cluster.test.ts',
  'services/app/src/cluster-faults.test.ts',
  'services/app/src/database-faults.test.ts',
  'services/app/src/reminders-two-instances.test.ts',
  'services/app/src/export-running.test.ts',
  'services/projector/src/failover.test.ts',
  'eventstore/src/database-faults.test.ts',
  'eventstore/src/durability.test.ts',
];

/**
 * Whether a test file needs a module graph of its own: it replaces modules (`vi.mock`, `vi.doMock`, …) or resets
 * them, which would reach the files after it in a shared graph, or it says so in a line comment starting
 * `// Runs isolated:` (and why). Read from the file's text, so such a file cannot land in a shared project.
 */
export function needsOwnModules(source: string): boolean {
  return (
    /\bvi\s*\.\s*(?:mock|doMock|unmock|doUnmock|resetModules)\s*\(/.test(source) ||
    /^\s*\/\/ Runs isolated:/m.test(source)
  );
}

/** The test files under each of `folders` (relative to `root`), as paths relative to `root`, split by needsOwnModules. */
function splitByIsolation(root: string, folders: string[]) {
  const files = folders
    .flatMap((folder) =>
      readdirSync(new URL(`${root}/${folder}`, import.meta.url), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
        .map((file) => `${folder}/${file}`),
    )
    .sort();
  const isolated = files.filter((file) =>
    needsOwnModules(readFileSync(new URL(`${root}/${file}`, import.meta.url), 'utf8')),
  );
  return { shared: files.filter((file) => !isolated.includes(file)), isolated };
}

/**
 * Server files share one module graph per worker process too (D-611): a file no longer pays a process of its own,
 * the imports of the whole app again, the PGlite template again, or a new thread for each embedded engine
 * (kept threads, D-610). Files that replace modules, and the process suites, run isolated.
 */
const serverTests = splitByIsolation('.', serverFolders);
const serverIsolated = serverTests.isolated.filter((file) => !processSuites.includes(file));

/**
 * Web files share one module graph and one jsdom per worker instead of importing React, the app and jsdom again
 * for every file (D-540); test/betweenFiles.ts empties what a file leaves on the device. Files that replace
 * modules run isolated.
 */
const webTests = splitByIsolation('web', ['src']);

export default defineConfig({
  resolve: { conditions: [...conditions, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [...conditions, ...defaultServerConditions] } },
  test: {
    // The embedded store's templates, made once before the workers start (scripts/test-templates.mjs).
    globalSetup: ['scripts/test-templates.mjs'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One file per core. Vitest's default leaves one core to itself (1 worker on a 2-core machine), which
    // ran every file one after another; a server file waits on its database and HTTP as much as it computes,
    // and the main process only collects results.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'pure', environment: 'node', include: pureTests, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: serverTests.shared,
          exclude: [...configDefaults.exclude, ...processSuites],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'server-isolated', environment: 'node', include: serverIsolated },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          environment: 'node',
          include: processSuites,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: 'web/vitest.config.ts',
        root: 'web',
        test: {
          name: 'web',
          include: webTests.shared,
          isolate: false,
          setupFiles: ['src/test/betweenFiles.ts'],
        },
      },
      {
        extends: 'web/vitest.config.ts',
        root: 'web',
        // Empty while no web file replaces a module.
        test: { name: 'web-isolated', include: webTests.isolated },
      },
    ],
  },
});
