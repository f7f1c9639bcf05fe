import { ConfigError } from '@remit/kit';
import { describe, expect, it } from 'vitest';
import { loadCommandConfig } from './config.js';

describe('billing configuration', () => {
  it('runs on the built-in sandbox without a Stripe key', () => {
    expect(loadCommandConfig({ DATA_DIR: '/tmp/remit-config-test' }).stripe).toBeNull();
  });

  it('names every Stripe setting a key needs', () => {
    const load = () =>
      loadCommandConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PRICE_PRO_MONTHLY: 'price_m' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
    expect(load).toThrow(/STRIPE_PRICE_PER_INVOICE/);
    expect(load).not.toThrow(/STRIPE_PRICE_PRO_MONTHLY/);
  });

  it('refuses values that are not Stripe ids', () => {
    expect(() => loadCommandConfig({ STRIPE_SECRET_KEY: 'pk_live_oops' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('takes a complete Stripe configuration', () => {
    const config = loadCommandConfig({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PER_INVOICE: 'price_i',
      STRIPE_PRICE_PRO_MONTHLY: 'price_m',
      STRIPE_PRICE_PRO_YEARLY: 'price_y',
    });
    expect(config.stripe?.priceIds).toEqual({
      'per-invoice': 'price_i',
      'pro-monthly': 'price_m',
      'pro-yearly': 'price_y',
    });
  });
});
