import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { isNetworkError } from '../../api/errors';
import { type CustomerSuggestion, searchCustomers } from '../../api/invoices';
import { customerKeys } from '../../api/keys';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
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
`;

/** Spec §5/§8 customer search: 2 characters, 300 ms debounce, errors give an empty list. */
export function CustomerSearch({ onPick }: { onPick: (customer: CustomerSuggestion) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const ready = q.length >= 2;
  const results = useQuery({
    queryKey: customerKeys.suggestions(q),
    // Errors give an empty list (spec §8); offline, the customers suggested before on this device.
    queryFn: ({ signal }) =>
      searchCustomers(q, signal).catch((error: unknown) =>
        isNetworkError(error) ? searchCachedCustomers(queryClient, q) : [],
      ),
    enabled: ready,
  });
  const pending = text.trim() !== q || results.isFetching;
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
        {!status && results.data?.length === 0 && (
          <Status>
            No customers found. <span>Try a different search term</span>
          </Status>
        )}
      </div>
      {!status && results.data && results.data.length > 0 && (
        <Results aria-label="Customer suggestions">
          {results.data.map((customer) => (
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
