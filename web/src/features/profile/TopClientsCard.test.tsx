import type { TopClient } from '@remit/contracts';
import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme/theme';
import { TopClientsCard } from './PaidBlocks';

const client = (name: string, amount: number, currency: string): TopClient => ({
  ID: `${name}-${currency}`,
  CustomerName: name,
  TotalInvoices: 1,
  TotalAmount: amount,
  Currency: currency,
});

function show(clients: TopClient[]) {
  render(
    <ThemeProvider theme={theme}>
      <TopClientsCard state={{ answer: { locked: false, data: clients }, isError: false, retry: () => {} }} />
    </ThemeProvider>,
  );
}

describe('Top Clients (issue 16)', () => {
  it('ranks within each currency and says so, never ¥14,400 above €722.40 by raw numbers', () => {
    // The server's order: the most used currency first, by total within it.
    show([
      client('Greta Hahn', 72240, 'EUR'),
      client('Anna Berg', 10000, 'EUR'),
      client('Yuki Tanaka', 14400, 'JPY'),
    ]);
    expect(
      screen.getByText('Ranked by total invoiced within each currency; amounts are not converted.'),
    ).toBeInTheDocument();
    const groups = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['EUR', 'JPY']);
    const euros = within(screen.getByRole('list', { name: 'Top clients in EUR' })).getAllByTestId(
      'top-client',
    );
    expect(euros.map((row) => row.textContent)).toEqual([
      expect.stringContaining('€722.40'),
      expect.stringContaining('€100.00'),
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Top clients in JPY' })).getByTestId('top-client'),
    ).toHaveTextContent('Yuki Tanaka1 invoice¥14,400');
  });

  it('with one currency, one list under a plain rule', () => {
    show([client('Greta Hahn', 72240, 'EUR')]);
    expect(screen.getByText('Ranked by total invoiced.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Top clients' })).toBeInTheDocument();
  });
});
