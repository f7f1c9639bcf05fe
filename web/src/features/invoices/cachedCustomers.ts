import type { CustomerSuggestion } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { customerKeys } from '../../api/keys';

/**
 * Offline customer suggestions (issue 13): every customer the server suggested before on this device
 * (the cached answers, restored from IndexedDB for this account), matched on name, e-mail or company.
 */
export function searchCachedCustomers(queryClient: QueryClient, q: string): CustomerSuggestion[] {
  const needle = q.toLowerCase();
  const found = new Map<string, CustomerSuggestion>();
  const prefix = customerKeys.suggestions('').slice(0, 2);
  for (const [, answer] of queryClient.getQueriesData<CustomerSuggestion[]>({ queryKey: prefix })) {
    for (const customer of answer ?? []) {
      const text = `${customer.Name} ${customer.Email} ${customer.CompanyName}`.toLowerCase();
      if (text.includes(needle)) found.set(customer.ID, customer);
    }
  }
  return [...found.values()];
}
