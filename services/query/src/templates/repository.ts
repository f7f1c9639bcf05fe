import type { InvoiceContent } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, eq } from 'drizzle-orm';

const { paymentMethods } = readModels;

/** The chosen payment method as the invoice would snapshot it: the user's own and active, else none. */
export async function findActivePaymentMethod(
  db: Database,
  userId: string,
  id: string | null | undefined,
): Promise<InvoiceContent['paymentMethod']> {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.isActive, true)),
    )
    .limit(1);
  if (!row) return null;
  const type = row.type === 'bank_transfer' ? 'bank_transfer' : 'digital';
  const present = (value: string) => (value ? value : undefined);
  return {
    id: row.id,
    name: row.name,
    type,
    ...(present(row.bankName) ? { bankName: row.bankName } : {}),
    ...(present(row.iban) ? { iban: row.iban } : {}),
    ...(present(row.swift) ? { swift: row.swift } : {}),
    ...(present(row.accountNumber) ? { accountNumber: row.accountNumber } : {}),
    ...(present(row.paymentLink) ? { paymentLink: row.paymentLink } : {}),
    ...(present(row.instructions) ? { instructions: row.instructions } : {}),
  };
}
