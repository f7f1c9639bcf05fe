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

/**
 * The fonts for the rest of what a customer writes: Chinese (Noto Sans SC, also Japanese kana and kanji), Korean,
 * Hebrew and emoji (Noto Emoji, monochrome: PDF/A has no colour fonts). They weigh 18 MB, so a render worker loads
 * them only for a text the fonts above cannot show (`needsWideFonts`); Typst subsets what it uses into the PDF.
 */
const wideFontFiles: ReadonlyArray<[pkg: string, file: string]> = [
  ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-kr', '400Regular/NotoSansKR_400Regular.ttf'],
  ['@expo-google-fonts/noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'],
  ['@embedpdf/fonts-hebrew', '../fonts/NotoSansHebrew-Regular.ttf'],
];

const require = createRequire(join(packageRoot, 'package.json'));

/** A file beside the package's main module (the Hebrew package's sits in dist/, its fonts one level up). */
const resolve = ([pkg, file]: readonly [string, string]) => join(dirname(require.resolve(pkg)), file);

export function fontPaths(): string[] {
  return fontFiles.map(resolve);
}

export function wideFontPaths(): string[] {
  return wideFontFiles.map(resolve);
}

export function loadFontBlobs(): Buffer[] {
  return fontPaths().map((path) => readFileSync(path));
}

export function loadWideFontBlobs(): Buffer[] {
  return wideFontPaths().map((path) => readFileSync(path));
}
