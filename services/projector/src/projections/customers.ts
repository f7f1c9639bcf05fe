import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { customerInvoices, customers } = readModels;

/**
 * Customers per user from the invoices they issued, keyed by lower-cased e-mail: the latest details win;
 * `invoiceCount` counts the invoices issued to the address, each once (customer_invoices remembers
 * which), so an event delivered again changes nothing.
 */
export const customersProjection = defineProjection({
  name: 'customers',
  tables: ['customers', 'customer_invoices'],
  handles: ['InvoiceIssued', 'InvoiceRevised'],
  async apply(db, event) {
    const { userId, invoiceId, customer } = event.data;
    const email = customer.email.toLowerCase();
    const details = {
      name: customer.name,
      address: customer.address,
      companyName: customer.companyName,
      companyVat: customer.vatId,
      updatedAt: event.createdAt,
    };
    switch (event.type) {
      case 'InvoiceIssued': {
        const counted = await db
          .insert(customerInvoices)
          .values({ userId, invoiceId, email })
          .onConflictDoNothing()
          .returning({ invoiceId: customerInvoices.invoiceId });
        const added = counted.length;
        await db
          .insert(customers)
          .values({ userId, email, ...details, invoiceCount: added })
          .onConflictDoUpdate({
            target: [customers.userId, customers.email],
            set: { ...details, invoiceCount: sql`${customers.invoiceCount} + ${added}` },
          });
        return;
      }
      case 'InvoiceRevised':
        await db
          .insert(customers)
          .values({ userId, email, ...details, invoiceCount: 0 })
          .onConflictDoUpdate({ target: [customers.userId, customers.email], set: details });
        return;
      default:
        return unreachable(event);
    }
  },
});
