// Runs after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file in dist,
// so the server answers compressed without compressing per request (services/app/src/web.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|ico)$/;
const MIN_BYTES = 512;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

let count = 0;
for (const file of walk(dist)) {
  if (!TEXT.test(file) || file.endsWith('.map')) continue;
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  count += 1;
}
console.log(`precompressed ${count} files in ${dist}`);
