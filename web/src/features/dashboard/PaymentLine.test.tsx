import { type PaymentView, paymentViewSchema } from '@remit/contracts';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme/theme';
import { PaymentLine } from './PaymentLine';

const payment = (overrides: Partial<PaymentView>): PaymentView =>
  paymentViewSchema.parse({
    id: 'pi_1',
    amount: 228_156,
    currency: 'EUR',
    date: '2026-11-27',
    method: 'card',
    reference: 'pi_1',
    note: '',
    reversed: false,
    ...overrides,
  });
const line = (overrides: Partial<PaymentView>) =>
  render(
    <ThemeProvider theme={theme}>
      <PaymentLine payment={payment(overrides)} />
    </ThemeProvider>,
  ).container.textContent;

describe('a payment in the Payments tab (issue 31)', () => {
  it('says where it came from and what the provider kept', () => {
    expect(line({ source: 'stripe', fee: 3447 })).toBe(
      '€2,281.56 on 2026-11-27 · pi_1 · Stripe · fee €34.47',
    );
    expect(line({ source: 'bank', reference: '20261127000001', method: 'bank_transfer' })).toBe(
      '€2,281.56 on 2026-11-27 · 20261127000001 · Bank statement',
    );
  });

  it('shows what a partial refund took back, and strikes a payment taken back in full', () => {
    expect(
      line({ source: 'stripe', reversedAmount: 30_000, reversalReason: 'Refunded in part in Stripe' }),
    ).toBe('€2,281.56 on 2026-11-27 · pi_1 · Stripe · €300.00 of it taken back: Refunded in part in Stripe');
    line({ source: 'stripe', reversed: true, reversedAmount: 228_156, reversalReason: 'Refunded in Stripe' });
    expect(screen.getByText(/reversed: Refunded in Stripe/).tagName).toBe('S');
  });

  it('reads an answer of an older version, without source or fee, as the owner’s', () => {
    expect(line({})).toBe('€2,281.56 on 2026-11-27 · pi_1');
  });
});
