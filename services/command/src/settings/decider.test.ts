import type { SettingsUpdate } from '@remit/contracts';
import { decider } from '@remit/domain/testing';
import { describe, it } from 'vitest';
import { type SettingsStreamEvent, settingsDecider } from './decider.js';

const given = decider(settingsDecider);

const update: SettingsUpdate = {
  Name: 'Ada Lovelace',
  DefaultDueDays: 30,
  Settings: {
    CompanyEmail: 'a@b.co',
    CompanyAddress: '1 Main Street',
    CompanyName: 'Ada Co',
    DefaultCurrency: 'EUR',
    UserCompanyVAT: null,
  },
};
const changed: Extract<SettingsStreamEvent, { type: 'UserSettingsChanged' }> = {
  type: 'UserSettingsChanged',
  data: {
    userId: 'u1',
    name: 'Ada Lovelace',
    defaultDueDays: 30,
    companyEmail: 'a@b.co',
    companyAddress: '1 Main Street',
    companyName: 'Ada Co',
    companyVat: null,
    defaultCurrency: 'EUR',
    companyPostalAddress: { lines: ['1 Main Street'], postCode: '', city: '', region: '', country: null },
    companyPhone: '',
    companyTaxNumber: null,
  },
};

describe('settings decider', () => {
  it('records changed settings', () => {
    given([])
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update } })
      .thenEmits([changed]);
  });
  it('the same settings again write nothing', () => {
    given([changed])
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update } })
      .thenNothing();
  });
  it('keeps the name when none is sent', () => {
    const { Name: _name, ...withoutName } = update;
    given([changed])
      .when({
        type: 'ChangeSettings',
        data: { userId: 'u1', update: { ...withoutName, DefaultDueDays: 14 } },
      })
      .thenEmits([{ type: 'UserSettingsChanged', data: { ...changed.data, defaultDueDays: 14 } }]);
  });
  it("records the company's e-invoice details, and keeps them while they are not sent", () => {
    const postal = {
      lines: ['1 Main Street'],
      postCode: 'NW1 6XE',
      city: 'London',
      region: '',
      country: 'GB',
    };
    const detailed: SettingsUpdate = {
      ...update,
      Settings: {
        ...update.Settings,
        CompanyPostalAddress: postal,
        CompanyPhone: '+44 20 7946 0000',
        CompanyTaxNumber: '123/456',
      },
    };
    const withDetails = {
      type: 'UserSettingsChanged' as const,
      data: {
        ...changed.data,
        companyPostalAddress: postal,
        companyPhone: '+44 20 7946 0000',
        companyTaxNumber: '123/456',
      },
    };
    given([changed])
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update: detailed } })
      .thenEmits([withDetails]);
    given([withDetails])
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update } })
      .thenNothing();
    // Another free-text address without a structured one: the old structured one described another address.
    given([withDetails])
      .when({
        type: 'ChangeSettings',
        data: {
          userId: 'u1',
          update: { ...update, Settings: { ...update.Settings, CompanyAddress: '2 Side Road' } },
        },
      })
      .thenEmits([
        {
          type: 'UserSettingsChanged',
          data: {
            ...withDetails.data,
            companyAddress: '2 Side Road',
            companyPostalAddress: {
              lines: ['2 Side Road'],
              postCode: '',
              city: '',
              region: '',
              country: null,
            },
          },
        },
      ]);
  });
  const logo = { id: 'a'.repeat(40), contentType: 'image/png' };
  it('records a new company logo next to the settings', () => {
    given([changed])
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update, logo } })
      .thenEmits([{ type: 'CompanyLogoChanged', data: { userId: 'u1', logo } }]);
  });
  it('the same logo again writes nothing; no logo sent keeps it', () => {
    const history: SettingsStreamEvent[] = [
      changed,
      { type: 'CompanyLogoChanged', data: { userId: 'u1', logo } },
    ];
    given(history)
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update, logo } })
      .thenNothing();
    given(history)
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update } })
      .thenNothing();
  });
  it('removes the logo, once', () => {
    const withLogo: SettingsStreamEvent[] = [
      changed,
      { type: 'CompanyLogoChanged', data: { userId: 'u1', logo } },
    ];
    given(withLogo)
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update, logo: null } })
      .thenEmits([{ type: 'CompanyLogoChanged', data: { userId: 'u1', logo: null } }]);
    given([changed])
      .when({ type: 'ChangeSettings', data: { userId: 'u1', update, logo: null } })
      .thenNothing();
  });
});
