import type { Item } from '@remit/contracts';
import { formatMoney } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { searchItems } from '../../api/clients';
import { itemKeys } from '../../api/keys';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { orCached, searchCachedItems } from '../clients/cachedSearch';
import { itemToWizardLine } from '../clients/toWizard';
import { useToast } from '../toasts/ToastProvider';
import type { WizardForm } from './wizardMachine';

type Line = WizardForm['items'][number];

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  max-width: 420px;
  label { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  input {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
    &:focus { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  }
  ul { list-style: none; margin: 0; padding: 0; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md}; }
  li + li { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  button {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    width: 100%;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 0;
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
    &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.brandSoft}; outline: none; }
  }
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

/**
 * 'Add from catalogue' (issue 29, item 3): 2 characters find the catalogue's items (offline, those this device
 * fetched before); picking one adds its line: description, unit, price and VAT. An item priced in another
 * currency is refused with a message, never converted.
 */
export function ItemPicker({ currency, onPick }: { currency: string; onPick: (line: Line) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const found = useQuery({
    queryKey: itemKeys.list(q),
    queryFn: ({ signal }) => orCached(searchItems(q, signal), () => searchCachedItems(queryClient, q)),
    enabled: q.length >= 2,
  });
  const pick = (item: Item) => {
    const made = itemToWizardLine(item, currency);
    if (!made.ok) {
      toast(made.message, { tone: 'error' });
      return;
    }
    // The item's unit is one of the catalogue's UN/ECE codes, as the wizard's lines take them.
    onPick(made.line as Line);
    setText('');
  };
  const searching = text.trim().length >= 2 && (text.trim() !== q || found.isFetching);
  return (
    <Box>
      <label htmlFor={id}>Add from catalogue</label>
      <input
        id={id}
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Search your items"
        onChange={(event) => setText(event.target.value)}
      />
      <div aria-live="polite">
        {searching && <p>Searching...</p>}
        {!searching && q.length >= 2 && found.data?.length === 0 && <p>No items found.</p>}
      </div>
      {!searching && q.length >= 2 && found.data && found.data.length > 0 && (
        <ul aria-label="Catalogue items">
          {found.data.slice(0, 8).map((item) => (
            <li key={item.id}>
              <button type="button" onClick={() => pick(item)}>
                <span>{item.name}</span>{' '}
                <span>{formatMoney({ amount: item.priceMinor, currency: item.currency })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}
