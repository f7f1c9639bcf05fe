import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventCatalogue, eventVersion } from './catalogue.js';

const docs = readFileSync(new URL('../../../docs/events.md', import.meta.url), 'utf8');

/** The backticked names in the column headed `event` of every table of docs/events.md, with the row. */
function documentedEvents(): { name: string; row: string[] }[] {
  const found: { name: string; row: string[] }[] = [];
  let eventColumn = -1;
  for (const line of docs.split('\n')) {
    if (!line.startsWith('|')) {
      eventColumn = -1;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (eventColumn === -1) {
      eventColumn = cells.indexOf('event');
      continue;
    }
    for (const [, name] of (cells[eventColumn] ?? '').matchAll(/`([A-Za-z]+)`/g)) {
      if (name) found.push({ name, row: cells });
    }
  }
  return found;
}

describe('docs/events.md', () => {
  it('describes every event type of the catalogue, and no other', () => {
    const documented = new Set(documentedEvents().map((entry) => entry.name));
    expect([...documented].sort()).toEqual(Object.keys(eventCatalogue).sort());
  });

  it('lists every type written at a version above 1, with that version', () => {
    const versions = docs.slice(docs.indexOf('## Versions'));
    const table = versions.slice(0, versions.indexOf('\n\n', versions.indexOf('|')));
    const listed = new Map(
      [...table.matchAll(/^\| `([A-Za-z]+)`\s*\| (\d+)/gm)].map(([, name, version]) => [
        name,
        Number(version),
      ]),
    );
    const versioned = Object.keys(eventCatalogue).filter((type) => eventVersion(type) > 1);
    expect(Object.fromEntries(listed)).toEqual(
      Object.fromEntries(versioned.map((type) => [type, eventVersion(type)])),
    );
  });
});
