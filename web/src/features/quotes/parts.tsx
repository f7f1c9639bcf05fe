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

/** A quote's state as a badge: the word is always there (`label`, the customer page's language), the colour only helps. */
export function QuoteStateBadge({ state, label = state }: { state: QuoteState; label?: string }) {
  return <Badge $tone={tones[state]}>{label}</Badge>;
}

/** The customer a quote is for: the company, else the person. */
export const quoteCustomer = (quote: { customerCompanyName: string; customerName: string }) =>
  quote.customerCompanyName || quote.customerName;
