import type { BankSuggestion, BankTransaction } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ignoreBankTransaction, matchBankTransaction } from '../../api/bank';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { Button } from '../../components/ui/Button';
import { formatAmount } from '../../lib/format';
import { useToast } from '../toasts/ToastProvider';
import { MatchAnyInvoice } from './MatchAnyInvoice';
import { Amount, Entry, RowActions, reasonLabels, Suggestions, Who } from './parts';

/** One credit of a statement: who paid, what they wrote, and what it could pay. */
export function TransactionRow({ transaction }: { transaction: BankTransaction }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const match = useCommand({
    send: (suggestion: BankSuggestion, key) =>
      matchBankTransaction(
        transaction.id,
        { invoiceId: suggestion.invoiceId, amount: suggestion.amount },
        key,
      ),
    onSuccess: async (_answer, suggestion) => {
      toast(`Payment recorded on invoice ${suggestion.number}`, { tone: 'success' });
      await invalidateAfter(queryClient, 'bank');
    },
    onError: (error) => toast(errorMessage(error, 'The match could not be recorded'), { tone: 'error' }),
  });
  const ignore = useCommand({
    send: (id: string, key) => ignoreBankTransaction(id, key),
    onSuccess: async () => {
      toast('Transaction ignored', { tone: 'success' });
      await invalidateAfter(queryClient, 'bank');
    },
    onError: (error) => toast(errorMessage(error, 'The transaction could not be ignored'), { tone: 'error' }),
  });
  const open = transaction.state === 'suggested' || transaction.state === 'unmatched';
  const payer = transaction.payerName || 'Unknown payer';
  const partly = transaction.remaining > 0 && transaction.remaining < transaction.amount;
  const applicable = (suggestion: BankSuggestion) =>
    suggestion.amount > 0 &&
    suggestion.currency === transaction.currency &&
    !transaction.matches.some((made) => made.invoiceId === suggestion.invoiceId) &&
    suggestion.amount <= transaction.remaining;
  return (
    <li>
      <Entry aria-labelledby={`bank-${transaction.id}`}>
        <Who>
          <h2 id={`bank-${transaction.id}`}>{payer}</h2>
          {transaction.remittance && <p>{transaction.remittance}</p>}
          <small>
            Booked {transaction.bookingDate}
            {transaction.entryReference ? ` · entry ${transaction.entryReference}` : ''} · statement{' '}
            {transaction.statementDate}
          </small>
        </Who>
        <Amount>
          <strong>{formatAmount(transaction.amount, transaction.currency)}</strong>
          {partly && <span>{formatAmount(transaction.remaining, transaction.currency)} left to match</span>}
        </Amount>
        {transaction.matches.length > 0 && (
          <Suggestions aria-label={`Matches of ${payer}`}>
            {transaction.matches.map((made) => (
              <li key={made.paymentId}>
                <div>
                  <strong>Invoice {made.number}</strong>
                  <span>{made.automatic ? 'Marked paid by the import' : 'Confirmed by you'}</span>
                </div>
                <strong>{formatAmount(made.amount, transaction.currency)}</strong>
              </li>
            ))}
          </Suggestions>
        )}
        {open && transaction.suggestions.length > 0 && (
          <Suggestions aria-label={`Suggestions for ${payer}`}>
            {transaction.suggestions.map((suggestion) => (
              <li key={suggestion.invoiceId}>
                <div>
                  <strong>Invoice {suggestion.number}</strong>
                  <span>{reasonLabels[suggestion.reason]}</span>
                </div>
                {applicable(suggestion) ? (
                  <Button
                    variant="secondary"
                    busy={match.busy && match.pending?.invoiceId === suggestion.invoiceId}
                    disabled={match.busy}
                    onClick={() => match.run(suggestion)}
                    aria-label={`Match ${formatAmount(suggestion.amount, suggestion.currency)} to invoice ${suggestion.number}`}
                  >
                    Match {formatAmount(suggestion.amount, suggestion.currency)}
                  </Button>
                ) : suggestion.currency !== transaction.currency ? (
                  <span>
                    The invoice is in {suggestion.currency}: record the payment on it with the amount you
                    received in {suggestion.currency}
                  </span>
                ) : (
                  <span>Nothing is left to pay on this invoice</span>
                )}
              </li>
            ))}
          </Suggestions>
        )}
        {open && (
          <RowActions>
            {transaction.remaining > 0 && <MatchAnyInvoice transaction={transaction} payer={payer} />}
            <Button
              variant="ghost"
              busy={ignore.busy}
              disabled={ignore.busy}
              onClick={() => ignore.run(transaction.id)}
              aria-label={`Ignore the transfer from ${payer}`}
            >
              Ignore
            </Button>
          </RowActions>
        )}
      </Entry>
    </li>
  );
}
