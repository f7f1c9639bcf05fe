import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from './paths.js';

/**
 * The only fonts Typst may use, all from npm packages that ship TTF files, so a PDF looks the same on every
 * machine and nothing is fetched at run time. Inter is the sans (Latin with every European diacritic, Greek,
 * Cyrillic and nearly every currency sign) and Noto Serif the serif; the three fallbacks each add a currency
 * sign Inter lacks (৳, ֏, ﷼) and are loaded in one weight only.
 */
const fontFiles: ReadonlyArray<[pkg: string, file: string]> = [
  ['@expo-google-fonts/inter', '400Regular/Inter_400Regular.ttf'],
  ['@expo-google-fonts/inter', '400Regular_Italic/Inter_400Regular_Italic.ttf'],
  ['@expo-google-fonts/inter', '500Medium/Inter_500Medium.ttf'],
  ['@expo-google-fonts/inter', '600SemiBold/Inter_600SemiBold.ttf'],
  ['@expo-google-fonts/inter', '700Bold/Inter_700Bold.ttf'],
  ['@expo-google-fonts/inter', '800ExtraBold/Inter_800ExtraBold.ttf'],
  ['@expo-google-fonts/noto-serif', '400Regular/NotoSerif_400Regular.ttf'],
  ['@expo-google-fonts/noto-serif', '400Regular_Italic/NotoSerif_400Regular_Italic.ttf'],
  ['@expo-google-fonts/noto-serif', '600SemiBold/NotoSerif_600SemiBold.ttf'],
  ['@expo-google-fonts/noto-serif', '700Bold/NotoSerif_700Bold.ttf'],
  ['@expo-google-fonts/hind-siliguri', '400Regular/HindSiliguri_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-armenian', '400Regular/NotoSansArmenian_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-arabic', '400Regular/NotoSansArabic_400Regular.ttf'],
];

const require = createRequire(join(packageRoot, 'package.json'));

export function fontPaths(): string[] {
  return fontFiles.map(([pkg, file]) => join(dirname(require.resolve(pkg)), file));
}

export function loadFontBlobs(): Buffer[] {
  return fontPaths().map((path) => readFileSync(path));
}
