import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { paymentMethodsProjection } from './payment-methods.js';

const spec = projectionSpec(paymentMethodsProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const details = {
  name: 'Main account',
  type: 'bank_transfer' as const,
  bankName: 'Bank of London',
  accountNumber: '',
  iban: 'GB82WEST12345698765432',
  swift: 'NWBKGB2L',
  paymentLink: '',
  instructions: '',
};
const ids = (paymentMethodId: string) => ({ paymentMethodId, userId: 'u1' });

describe('the payment methods projection', () => {
  it('keeps each method with its details, state and the one default; re-delivery changes nothing', async () => {
    const batch = await spec.given([
      { type: 'PaymentMethodAdded', data: { ...ids('pm1'), ...details } },
      { type: 'PaymentMethodMadeDefault', data: { ...ids('pm1'), previousDefaultId: null } },
      {
        type: 'PaymentMethodAdded',
        data: {
          ...ids('pm2'),
          ...details,
          name: 'Card',
          type: 'digital',
          iban: '',
          swift: '',
          bankName: '',
          paymentLink: 'https://pay.example',
        },
      },
      {
        type: 'PaymentMethodUpdated',
        data: {
          ...ids('pm2'),
          ...details,
          name: 'Card payments',
          type: 'digital',
          iban: '',
          swift: '',
          bankName: '',
          paymentLink: 'https://pay.example/ada',
        },
      },
      { type: 'PaymentMethodMadeDefault', data: { ...ids('pm2'), previousDefaultId: 'pm1' } },
      { type: 'PaymentMethodDisabled', data: ids('pm1') },
    ]);
    const rows = await spec.rows('payment_methods', ['created_at', 'updated_at', 'added_position']);
    expect(rows.map((row) => [row.id, row.name, row.is_default, row.is_active, row.payment_link])).toEqual([
      ['pm1', 'Main account', false, false, ''],
      ['pm2', 'Card payments', true, true, 'https://pay.example/ada'],
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });

  it("never touches another user's method", async () => {
    await spec.given([
      { type: 'PaymentMethodEnabled', data: { paymentMethodId: 'pm1', userId: 'intruder' } },
    ]);
    expect((await spec.rows('payment_methods')).find((row) => row.id === 'pm1')?.is_active).toBe(false);
  });
});
