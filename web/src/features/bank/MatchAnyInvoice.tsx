import { type BankTransaction, money, paymentAmountIn, toDecimalString } from '@remit/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { matchBankTransaction } from '../../api/bank';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { type InvoiceListItem, listInvoices } from '../../api/invoiceList';
import { bankKeys } from '../../api/keys';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { formatAmount } from '../../lib/format';
import { useToast } from '../toasts/ToastProvider';
import { Option, Options, Picker, PickerRow } from './parts';

const SHOWN = 8;

/** Owes something: what a credit may pay (a void, credited or paid invoice takes nothing). */
const isOpen = (invoice: InvoiceListItem) =>
  (invoice.Balance ?? 0) > 0 &&
  !['void', 'credited', 'paid', 'draft'].includes(invoice.CollectionStatus ?? '');

/** The owner's open invoices whose number or customer matches what was typed, newest first. */
function useOpenInvoices(search: string) {
  const [typed, setTyped] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setTyped(search.trim()), 200);
    return () => clearTimeout(timer);
  }, [search]);
  return useQuery({
    queryKey: bankKeys.invoicePicker(typed),
    // The list stays while the next search is asked: the arrow keys never land on an empty list.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await listInvoices({ page: 1, limit: 25, search: typed || undefined }, signal)).invoices
        .filter(isOpen)
        .slice(0, SHOWN),
  });
}

/**
 * 'Match to an invoice' (issue 31): any open invoice of the owner, not only the suggested ones. A combobox (type
 * to search, arrow keys to move, Enter to choose, Escape to close), then the amount, editable, in the invoice's
 * currency; an invoice in another currency than the transfer is shown but cannot be chosen.
 */
export function MatchAnyInvoice({ transaction, payer }: { transaction: BankTransaction; payer: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const listId = useId();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<InvoiceListItem | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const found = useOpenInvoices(search);
  const options = found.data ?? [];
  const sameCurrency = (invoice: InvoiceListItem) => invoice.Currency === transaction.currency;
  const match = useCommand({
    send: (input: { invoiceId: string; amount: number }, key) =>
      matchBankTransaction(transaction.id, input, key),
    onSuccess: async () => {
      toast(`Payment recorded on invoice ${chosen?.InvoiceNumber ?? ''}`.trim(), { tone: 'success' });
      setOpened(false);
      setChosen(null);
      await invalidateAfter(queryClient, 'bank');
    },
    onError: (error) => toast(errorMessage(error, 'The match could not be recorded'), { tone: 'error' }),
  });

  const choose = (invoice: InvoiceListItem | undefined) => {
    if (!invoice || !sameCurrency(invoice)) return;
    setChosen(invoice);
    const suggested = Math.min(invoice.Balance ?? 0, transaction.remaining);
    setAmount(toDecimalString(money(suggested, invoice.Currency)));
    setAmountError(undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (options.length === 0 ? 0 : (index + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpened(false);
    }
  };
  const submit = () => {
    if (!chosen) return;
    const read = paymentAmountIn(amount, chosen.Currency);
    if ('message' in read) return setAmountError(read.message);
    setAmountError(undefined);
    match.run({ invoiceId: chosen.ID, amount: Number(read.units) });
  };

  if (!opened) {
    return (
      <Button
        variant="secondary"
        onClick={() => setOpened(true)}
        aria-label={`Match the transfer from ${payer} to an invoice`}
      >
        Match to an invoice…
      </Button>
    );
  }
  const activeOption = options[active];
  return (
    <Picker aria-label={`Match the transfer from ${payer} to an invoice`}>
      {chosen ? (
        <PickerRow>
          <p>
            Invoice <strong>{chosen.InvoiceNumber}</strong> ·{' '}
            {chosen.CustomerCompanyName || chosen.CustomerName} ·{' '}
            {formatAmount(chosen.Balance ?? 0, chosen.Currency)} due
          </p>
          <TextField
            label={`Amount (${chosen.Currency})`}
            name="amount"
            value={amount}
            error={amountError}
            inputMode="decimal"
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => undefined}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
            hint={`${formatAmount(transaction.remaining, transaction.currency)} of the transfer is left to match`}
          />
          <div>
            <Button variant="primary" busy={match.busy} disabled={match.busy} onClick={submit}>
              Record payment
            </Button>
            <Button variant="ghost" onClick={() => setChosen(null)}>
              Choose another invoice
            </Button>
          </div>
        </PickerRow>
      ) : (
        <>
          <TextField
            label="Find an open invoice"
            name="invoice-search"
            placeholder="Invoice number or customer"
            value={search}
            error={undefined}
            autoFocus
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption ? `${listId}-${activeOption.ID}` : undefined}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
            }}
            onBlur={() => undefined}
            onKeyDown={onKeyDown}
          />
          <Options id={listId} role="listbox" aria-label="Open invoices">
            {options.map((invoice, index) => {
              const usable = sameCurrency(invoice);
              return (
                <Option
                  key={invoice.ID}
                  id={`${listId}-${invoice.ID}`}
                  role="option"
                  aria-selected={index === active}
                  aria-disabled={!usable}
                  $active={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(invoice)}
                >
                  <strong>{invoice.InvoiceNumber}</strong>
                  <span>{invoice.CustomerCompanyName || invoice.CustomerName}</span>
                  <span>
                    {usable
                      ? `${formatAmount(invoice.Balance ?? 0, invoice.Currency)} due`
                      : `In ${invoice.Currency}: not this transfer's currency`}
                  </span>
                </Option>
              );
            })}
          </Options>
          {found.isSuccess && options.length === 0 && <p>No open invoice matches “{search}”.</p>}
          <div>
            <Button variant="ghost" onClick={() => setOpened(false)}>
              Cancel
            </Button>
          </div>
        </>
      )}
    </Picker>
  );
}
