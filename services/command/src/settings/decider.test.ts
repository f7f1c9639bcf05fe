import type { SettingsEvent, SettingsUpdate } from '@remit/contracts';
import { describe, it } from 'vitest';
import { decider } from '../testing/given.js';
import {
  decideSettings,
  evolveSettings,
  initialSettingsState,
  type SettingsCommand,
  type SettingsState,
} from './decider.js';

const given = decider<SettingsState, SettingsCommand, SettingsEvent>({
  initialState: initialSettingsState,
  evolve: evolveSettings,
  decide: decideSettings,
});

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
const changed: SettingsEvent = {
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
});
