import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../../pdf/paths.js';

const require = createRequire(join(packageRoot, 'package.json'));
const filesDir = join(dirname(require.resolve('@fontsource-variable/inter/package.json')), 'files');

/**
 * Inter, the app's face, for the customer page: the variable weights of its Latin subsets (the web app's own
 * files, from the same package), each asked for only when the page has a character of its range.
 */
const faces = [
  {
    file: 'inter-latin-ext-wght-normal.woff2',
    range:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
  {
    file: 'inter-latin-wght-normal.woff2',
    range:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
];

/** The font files by the name the page asks for them (`/i/fonts/{file}`), read once. */
export const interFiles = new Map(faces.map(({ file }) => [file, readFileSync(join(filesDir, file))]));

export const interFaces = faces
  .map(
    ({ file, range }) =>
      `@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:100 900;src:url(/i/fonts/${file}) format('woff2-variations');unicode-range:${range}}`,
  )
  .join('\n');

/** The Latin face every page uses, asked for with the page so the text does not reflow when it comes late. */
export const interPreload =
  '<link rel="preload" href="/i/fonts/inter-latin-wght-normal.woff2" as="font" type="font/woff2" crossorigin>';
