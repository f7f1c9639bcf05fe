import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { customerKeys } from '../../api/keys';
import { searchCachedCustomers } from './cachedCustomers';

const customer = (ID: string, Name: string, CompanyName = '') => ({
  ID,
  Name,
  Email: `${ID}@example.com`,
  Address: '',
  CompanyName,
  CompanyVAT: null,
});

describe('offline customer suggestions', () => {
  it('matches every cached suggestion once, on name, e-mail or company', () => {
    const client = new QueryClient();
    client.setQueryData(customerKeys.suggestions('ch'), [customer('c1', 'Charles Babbage', 'Engines Ltd')]);
    client.setQueryData(customerKeys.suggestions('ada'), [customer('a1', 'Ada Lovelace', 'Engines Ltd')]);
    client.setQueryData(customerKeys.suggestions('eng'), [customer('c1', 'Charles Babbage', 'Engines Ltd')]);
    expect(searchCachedCustomers(client, 'engines').map((found) => found.ID)).toEqual(['c1', 'a1']);
    expect(searchCachedCustomers(client, 'LOVE').map((found) => found.ID)).toEqual(['a1']);
    expect(searchCachedCustomers(client, 'grace')).toEqual([]);
  });
});
