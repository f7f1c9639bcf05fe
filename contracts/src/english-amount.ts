import { currencyByCode } from './currencies.js';
import { formatMoney } from './money.js';

// Apart from i18n/page-formats.ts and its six catalogues: the web app formats every amount with it, on every
// screen, and none of those needs a catalogue (D-392).

/** Spec §9's short en-US amount, as the app writes it (web/src/lib/format.ts formatAmount). */
export function englishAmount(amount: number, currency: string): string {
  if (!currencyByCode(currency) || !Number.isSafeInteger(amount)) return `${amount} ${currency}`;
  return formatMoney({ amount, currency });
}
