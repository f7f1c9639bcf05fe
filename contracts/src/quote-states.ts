/**
 * A quote's states (issue 33). Their own module: the dashboard's filter lists them on its first screen
 * without loading the quotes' schemas and the invoice form behind them (docs/decisions.md D-500).
 */
export const quoteStates = ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired', 'Invoiced'] as const;
export type QuoteState = (typeof quoteStates)[number];
