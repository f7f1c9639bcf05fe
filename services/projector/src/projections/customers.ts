import type { InvoiceEvent } from '@remit/contracts';
import { sql } from 'drizzle-orm';
import { defineProjection } from '../projection.js';
import { customers } from '../schema.js';

type Handled = Extract<InvoiceEvent, { type: 'InvoiceIssued' | 'InvoiceRevised' }>;

/** Customers per user from the invoices they issued: the latest details per e-mail win. */
export const customersProjection = defineProjection({
  name: 'customers',
  tables: ['customers'],
  handles: ['InvoiceIssued', 'InvoiceRevised'] satisfies Handled['type'][],
  async apply(db, stored) {
    const event = stored as unknown as Handled;
    const { customer } = event.data;
    const details = {
      name: customer.name,
      address: customer.address,
      companyName: customer.companyName,
      companyVat: customer.vatId,
      updatedAt: stored.createdAt,
    };
    await db
      .insert(customers)
      .values({ userId: event.data.userId, email: customer.email.toLowerCase(), ...details, invoiceCount: 1 })
      .onConflictDoUpdate({
        target: [customers.userId, customers.email],
        set: {
          ...details,
          invoiceCount:
            event.type === 'InvoiceIssued' ? sql`${customers.invoiceCount} + 1` : customers.invoiceCount,
        },
      });
  },
});
