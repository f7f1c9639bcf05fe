import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/** The mail outbox and logos live in DATA_DIR, shared by the replicas (issue 34, item 23). */
describe('the data folder in the image and the compose file', () => {
  it('is a named volume on every service, in a folder the image makes and gives to its user', async () => {
    const dockerfile = await readFile(join(root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const user = /^USER (\S+)$/m.exec(runtime)?.[1];
    const dataDir = /DATA_DIR=(\S+)/.exec(runtime)?.[1];
    expect(user).toBe('node');
    expect(dataDir).toBe('/app/data');
    // Made before USER switches, owned by that user: an empty named volume takes this folder's owner.
    const made = runtime.indexOf(`mkdir -p ${dataDir} && chown ${user}:${user} ${dataDir}`);
    expect(made).toBeGreaterThan(-1);
    expect(made).toBeLessThan(runtime.indexOf('USER '));

    const compose = await readFile(join(root, 'docker-compose.yml'), 'utf8');
    for (const service of ['projector', 'command', 'query']) {
      const start = compose.indexOf(`\n  ${service}:`);
      const block = compose.slice(start, compose.indexOf('\n\n', start));
      expect(block, service).toMatch(new RegExp(`volumes: \\[remitdata:${dataDir}\\]`));
    }
    expect(compose.slice(compose.lastIndexOf('\nvolumes:'))).toMatch(/^\s+remitdata:/m);
  });
});
