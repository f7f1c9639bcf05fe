import { toDecimalString } from '../money.js';
import { isValidIban, isValidSwift } from '../payment-methods.js';
import type { EInvoice } from './model.js';

/**
 * The EPC069-12 "SEPA credit transfer" QR payload (GiroCode, version 002): a banking app scans it and fills in the
 * transfer. Fields, one per line (LF), trailing empty ones left out:
 *   BCD · 002 · 1 (UTF-8) · SCT · BIC (optional in 002) · name (≤ 70) · IBAN · EUR amount (0.01 … 999999999.99)
 *   · purpose (empty) · structured reference (empty) · remittance text (≤ 140, its own line)
 * The whole payload is at most 331 bytes.
 */
export const EPC_MAX_BYTES = 331;
export const EPC_MAX_NAME = 70;
export const EPC_MAX_REMITTANCE = 140;
const EPC_MAX_AMOUNT = 99_999_999_999; // 999,999,999.99 EUR in cents

export class EpcQrError extends RangeError {
  override name = 'EpcQrError';
}

export interface EpcTransfer {
  /** The beneficiary's name as the bank should show it; cut to 70 characters. */
  name: string;
  iban: string;
  /** Optional inside the EEA since version 002. */
  bic?: string;
  /** Euro cents. */
  amount: number;
  /** Unstructured remittance information (the invoice number), cut to 140 characters. */
  remittance: string;
}

export function epcQrPayload(transfer: EpcTransfer): string {
  const iban = transfer.iban.replace(/\s+/g, '').toUpperCase();
  if (!isValidIban(iban)) throw new EpcQrError(`Not a valid IBAN: ${transfer.iban}`);
  const bic = (transfer.bic ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic && !isValidSwift(bic)) throw new EpcQrError(`Not a valid BIC: ${bic}`);
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount < 1 || transfer.amount > EPC_MAX_AMOUNT) {
    throw new EpcQrError('The amount must be between EUR 0.01 and EUR 999999999.99');
  }
  const name = clip(oneLine(transfer.name), EPC_MAX_NAME);
  if (!name) throw new EpcQrError('The beneficiary name is required');
  let remittance = clip(oneLine(transfer.remittance), EPC_MAX_REMITTANCE);
  const build = () => {
    const fields = [
      'BCD',
      '002',
      '1',
      'SCT',
      bic,
      name,
      iban,
      `EUR${toDecimalString({ amount: transfer.amount, currency: 'EUR' })}`,
      '',
      '',
      remittance,
    ];
    while (fields.at(-1) === '') fields.pop();
    return fields.join('\n');
  };
  let payload = build();
  // Field limits count characters, the total counts UTF-8 bytes: letters like ö take two, so a long remittance
  // text in such letters is shortened until the whole fits, rather than refused.
  while (byteLength(payload) > EPC_MAX_BYTES && remittance) {
    remittance = [...remittance].slice(0, -1).join('').trimEnd();
    payload = build();
  }
  if (byteLength(payload) > EPC_MAX_BYTES) throw new EpcQrError(`The payload exceeds ${EPC_MAX_BYTES} bytes`);
  return payload;
}

/**
 * The payload for an invoice, or null where a GiroCode does not apply: only EUR invoices paid by bank transfer to
 * a valid IBAN, with an amount due between 0.01 and 999,999,999.99.
 */
export function epcQrForInvoice(
  invoice: Pick<EInvoice, 'currency' | 'paymentMethod' | 'seller' | 'number'>,
  amountDue: number,
): string | null {
  const method = invoice.paymentMethod;
  if (invoice.currency !== 'EUR' || method?.type !== 'bank_transfer') return null;
  if (!isValidIban(method.iban.replace(/\s+/g, '').toUpperCase())) return null;
  if (amountDue < 1 || amountDue > EPC_MAX_AMOUNT) return null;
  const bic = isValidSwift(method.bic.replace(/\s+/g, '').toUpperCase()) ? method.bic : '';
  return epcQrPayload({
    name: invoice.seller.companyName || invoice.seller.name,
    iban: method.iban,
    bic,
    amount: amountDue,
    remittance: `Invoice ${invoice.number}`,
  });
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Line breaks inside a field would shift every field after it. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** Cuts by code points, never inside a surrogate pair. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() : text;
}
