import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { BatchRows, insertNew, selectWhereKeys } from '../bulk.js';
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
  // The same, folded in memory per customer in log order, then one upsert a table.
  async applyBatch(db, events) {
    // Both reads at once (one round trip when pipelined, deferred-writes.ts).
    const [countedRows, customerRows] = await Promise.all([
      selectWhereKeys(
        db,
        customerInvoices,
        [customerInvoices.userId, customerInvoices.invoiceId],
        events
          .filter((event) => event.type === 'InvoiceIssued')
          .map((event) => [event.data.userId, event.data.invoiceId]),
      ),
      selectWhereKeys(
        db,
        customers,
        [customers.userId, customers.email],
        events.map((event) => [event.data.userId, event.data.customer.email.toLowerCase()]),
      ),
    ]);
    const counted = new BatchRows(customerInvoices, ['userId', 'invoiceId'], countedRows);
    const rows = new BatchRows(customers, ['userId', 'email'], customerRows);
    const added: (typeof customerInvoices.$inferInsert)[] = [];
    for (const event of events) {
      const { userId, invoiceId, customer } = event.data;
      const email = customer.email.toLowerCase();
      const details = {
        name: customer.name,
        address: customer.address,
        companyName: customer.companyName,
        companyVat: customer.vatId,
        updatedAt: event.createdAt,
      };
      const before = rows.get({ userId, email });
      let count = before?.invoiceCount ?? 0;
      if (event.type === 'InvoiceIssued' && !counted.get({ userId, invoiceId })) {
        counted.put({ userId, invoiceId, email });
        added.push({ userId, invoiceId, email });
        count += 1;
      }
      rows.put({ userId, email, ...details, invoiceCount: count });
    }
    await insertNew(db, customerInvoices, ['userId', 'invoiceId'], added);
    await rows.write(db);
  },
});
