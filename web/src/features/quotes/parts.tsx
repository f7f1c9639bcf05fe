import type { QuoteState } from '@remit/contracts';
import { Badge } from '../../components/ui/Card';

const tones: Record<QuoteState, 'brand' | 'neutral' | 'success' | 'warning'> = {
  Draft: 'neutral',
  Sent: 'brand',
  Accepted: 'success',
  Declined: 'warning',
  Expired: 'warning',
  Invoiced: 'success',
};

/** A quote's state as a badge: the word is always there, the colour only helps. */
export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return <Badge $tone={tones[state]}>{state}</Badge>;
}

/** The customer a quote is for: the company, else the person. */
export const quoteCustomer = (quote: { customerCompanyName: string; customerName: string }) =>
  quote.customerCompanyName || quote.customerName;
