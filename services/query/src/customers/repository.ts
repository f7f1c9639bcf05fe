import type { CustomerSuggestion } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { escapeLike } from '../rows.js';

const { customers } = readModels;

/** The user's own customers whose name, e-mail or company contains `text`, the latest used first (10 at most). */
export async function findCustomerSuggestions(
  db: Database,
  userId: string,
  text: string,
): Promise<CustomerSuggestion[]> {
  const pattern = `%${escapeLike(text)}%`;
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.userId, userId),
        or(
          ilike(customers.name, pattern),
          ilike(customers.email, pattern),
          ilike(customers.companyName, pattern),
        ),
      ),
    )
    .orderBy(desc(customers.updatedAt))
    .limit(10);
  return rows.map((row) => ({
    ID: row.email,
    Name: row.name,
    Email: row.email,
    Address: row.address,
    CompanyName: row.companyName,
    CompanyVAT: row.companyVat,
  }));
}
