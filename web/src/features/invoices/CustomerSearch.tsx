import type { Client } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { searchClients } from '../../api/clients';
import { isNetworkError } from '../../api/errors';
import { type CustomerSuggestion, searchCustomers } from '../../api/invoices';
import { clientKeys, customerKeys } from '../../api/keys';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { orCached, searchCachedClients } from '../clients/cachedSearch';
import { clientTitle } from '../clients/clientTitle';
import { searchCachedCustomers } from './cachedCustomers';

const Box = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 6px;
  label { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  input {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
    &:focus { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  }
`;

const Status = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Results = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.md};

  button {
    display: block;
    width: 100%;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    background: none;
    text-align: left;
    font: inherit;
    cursor: pointer;
    &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.brandSoft}; outline: none; }
  }
  li:last-child button { border-bottom: 0; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; }
  em {
    float: right;
    padding: 0 ${({ theme }) => theme.space.xs};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.brandSoft};
    color: ${({ theme }) => theme.colors.brandText};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-style: normal;
  }
`;

/**
 * Spec §5/§8 customer search: 2 characters, 300 ms debounce, errors give an empty list. Clients come first
 * (issue 29, item 3), then customers of past invoices that are not clients (matched by e-mail).
 */
export function CustomerSearch({
  onPick,
  onPickClient,
}: {
  onPick: (customer: CustomerSuggestion) => void;
  onPickClient: (client: Client) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const ready = q.length >= 2;
  const results = useQuery({
    queryKey: customerKeys.suggestions(q),
    // Errors give an empty list (spec §8); offline, the customers suggested before on this device.
    queryFn: ({ signal }) =>
      orCached(searchCustomers(q, signal), () => searchCachedCustomers(queryClient, q), isNetworkError),
    enabled: ready,
  });
  const clients = useQuery({
    queryKey: clientKeys.list(q),
    // Offline, the clients this device fetched before; any other error, none (the customers still show).
    queryFn: ({ signal }) =>
      orCached(searchClients(q, false, signal), () => searchCachedClients(queryClient, q)),
    enabled: ready,
  });
  const clientEmails = new Set(
    (clients.data ?? []).map((client) => client.email.toLowerCase()).filter(Boolean),
  );
  const customers = (results.data ?? []).filter(
    (customer) => !clientEmails.has(customer.Email.toLowerCase()),
  );
  const found = (clients.data?.length ?? 0) + customers.length;
  const pending = text.trim() !== q || results.isFetching || clients.isFetching;
  let status: string | null = null;
  if (text.trim().length < 2) status = 'Type at least 2 characters to search';
  else if (pending) status = 'Searching...';

  return (
    <Box>
      <label htmlFor={id}>Search existing customers</label>
      <input
        id={id}
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Name, email or company"
        onChange={(event) => setText(event.target.value)}
      />
      <div aria-live="polite">
        {status && <Status>{status}</Status>}
        {!status && found === 0 && (
          <Status>
            No customers found. <span>Try a different search term</span>
          </Status>
        )}
      </div>
      {!status && found > 0 && (
        <Results aria-label="Customer suggestions">
          {(clients.data ?? []).slice(0, 8).map((client) => (
            <li key={`client-${client.id}`}>
              <button
                type="button"
                onClick={() => {
                  onPickClient(client);
                  setText('');
                }}
              >
                <em>Client</em>
                {clientTitle(client)}
                <small>{[client.contactName, client.email].filter(Boolean).join(' · ')}</small>
              </button>
            </li>
          ))}
          {customers.map((customer) => (
            <li key={customer.ID}>
              <button
                type="button"
                onClick={() => {
                  onPick(customer);
                  setText('');
                }}
              >
                {customer.Name}
                <small>
                  {customer.CompanyName} · {customer.Email}
                </small>
              </button>
            </li>
          ))}
        </Results>
      )}
    </Box>
  );
}
