import { type InvoiceDocument, sampleInvoiceDocument, toMinorUnits } from '@remit/contracts';

/** A small vector logo (a mark and a wordmark bar), so samples and tests can show a logo without a file. */
const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">
<rect x="0" y="4" width="56" height="56" rx="14" fill="#ff6b4a"/>
<circle cx="28" cy="32" r="13" fill="#ffffff"/>
<rect x="72" y="14" width="150" height="14" rx="4" fill="#1f2937"/>
<rect x="72" y="36" width="104" height="10" rx="4" fill="#9ca3af"/>
</svg>`;

export const sampleLogoDataUrl = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString('base64')}`;

const descriptions = [
  'Design review and feedback session',
  'Front-end development',
  'Illustration: custom spot illustration for the onboarding flow, two revision rounds included',
  'Copy editing',
  'Usability test with five participants, including recruitment, moderation, recordings and a written report',
  'Icon set (24 icons)',
  'Meeting notes and follow-up',
];

/** An invoice with `count` lines in `currency`, for tests and the benchmark (prices valid in every currency). */
export function sampleInvoiceWithItems(
  count: number,
  currency = 'EUR',
  overrides: Partial<InvoiceDocument> = {},
) {
  const items = Array.from({ length: count }, (_, index) => ({
    description: `${descriptions[index % descriptions.length]} (${index + 1})`,
    quantity: (index % 5) + 1,
    unitPrice: toMinorUnits(
      `${45 + ((index * 37) % 400)}.${String((index * 13) % 100).padStart(2, '0')}`,
      currency,
    ),
  }));
  return sampleInvoiceDocument({ ...overrides, currency, items });
}
