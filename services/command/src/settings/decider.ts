import type { SettingsEvent, SettingsUpdate } from '@remit/contracts';

type Changed = Extract<SettingsEvent, { type: 'UserSettingsChanged' }>['data'];

/** A user's settings as their own events describe them (stream `user-settings-{userId}`). */
export interface SettingsState {
  current: Changed | null;
}

export const initialSettingsState: SettingsState = { current: null };

export function evolveSettings(_state: SettingsState, event: SettingsEvent): SettingsState {
  switch (event.type) {
    case 'UserSettingsChanged':
      return { current: event.data };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}

export type SettingsCommand = { type: 'ChangeSettings'; data: { userId: string; update: SettingsUpdate } };

/** Pure: settings that differ from the current ones become one UserSettingsChanged; the same ones, nothing. */
export function decideSettings(state: SettingsState, command: SettingsCommand): SettingsEvent[] {
  const { userId, update } = command.data;
  const data: Changed = {
    userId,
    name: update.Name ? update.Name : (state.current?.name ?? null),
    defaultDueDays: update.DefaultDueDays,
    companyEmail: update.Settings.CompanyEmail,
    companyAddress: update.Settings.CompanyAddress,
    companyName: update.Settings.CompanyName,
    companyVat: update.Settings.UserCompanyVAT,
    defaultCurrency: update.Settings.DefaultCurrency,
  };
  if (JSON.stringify(data) === JSON.stringify(state.current)) return [];
  return [{ type: 'UserSettingsChanged', data }];
}
