import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { settingsProjection } from './settings.js';

const spec = projectionSpec(settingsProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const changed = {
  userId: 'u1',
  name: null,
  defaultDueDays: 30,
  companyEmail: 'billing@engines.example',
  companyAddress: '12 Analytical Street',
  companyName: 'Engines & Co',
  companyVat: 'GB123456789',
  defaultCurrency: 'EUR',
  companyPostalAddress: {
    lines: ['12 Analytical Street'],
    postCode: 'NW1 6XE',
    city: 'London',
    region: '',
    country: 'GB' as const,
  },
  companyPhone: '+44 20 7946 0000',
  companyTaxNumber: null,
};

describe('the settings projection', () => {
  it('starts from the defaults at sign-up, takes each change, keeps the name when none is given', async () => {
    const batch = await spec.given([
      {
        type: 'UserSignedUp',
        data: {
          userId: 'u1',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          passwordHash: null,
          method: 'google',
        },
      },
      { type: 'UserSettingsChanged', data: changed },
    ]);
    expect(await spec.rows('user_settings', ['updated_at'])).toEqual([
      {
        user_id: 'u1',
        name: 'Ada Lovelace',
        default_due_days: 30,
        company_email: 'billing@engines.example',
        company_address: '12 Analytical Street',
        company_name: 'Engines & Co',
        company_vat: 'GB123456789',
        default_currency: 'EUR',
      },
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });

  it('keeps the company logo and forgets it when it is removed', async () => {
    const logo = { id: 'a'.repeat(40), contentType: 'image/png' };
    await spec.given([{ type: 'CompanyLogoChanged', data: { userId: 'u2', logo } }]);
    expect(await spec.rows('company_logos', ['updated_at'])).toEqual([
      { user_id: 'u2', logo_id: logo.id, content_type: 'image/png' },
    ]);
    await spec.given([{ type: 'CompanyLogoChanged', data: { userId: 'u2', logo: null } }]);
    expect(await spec.rows('company_logos')).toEqual([]);
  });
});
