// Checks that every relative link in the given Markdown files resolves: the file exists and, for `#anchor`,
// the target holds an `<a id="anchor">` or a heading with that GitHub slug. Links inside code fences and to
// other schemes (https:, mailto:) are not checked.
//   node scripts/check-doc-links.mjs README.md docs/*.md
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const withoutCode = (text) => text.replace(/```[\s\S]*?```/g, '');

const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-');

const anchorCache = new Map();
function anchorsOf(path) {
  if (!anchorCache.has(path)) {
    const text = withoutCode(readFileSync(path, 'utf8'));
    const anchors = new Set([...text.matchAll(/<a id="([^"]+)"/g)].map((match) => match[1]));
    const seen = new Map();
    for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      anchors.add(count === 0 ? base : `${base}-${count}`);
      seen.set(base, count + 1);
    }
    anchorCache.set(path, anchors);
  }
  return anchorCache.get(path);
}

let checked = 0;
const broken = [];
for (const file of process.argv.slice(2)) {
  for (const [, target] of withoutCode(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    checked++;
    const [path, fragment] = target.split('#');
    const resolved = path ? normalize(join(dirname(file), path)) : file;
    if (!existsSync(resolved)) broken.push(`${file}: no file ${target}`);
    else if (fragment && !anchorsOf(resolved).has(fragment)) broken.push(`${file}: no anchor ${target}`);
  }
}
for (const line of broken) console.error(line);
console.log(`${checked} relative links checked, ${broken.length} broken`);
process.exitCode = broken.length > 0 ? 1 : 0;
