import type { ProfileEvent, SettingsEvent, SettingsUpdate } from '@remit/contracts';

type Changed = Extract<SettingsEvent, { type: 'UserSettingsChanged' }>['data'];
type LogoRef = Extract<ProfileEvent, { type: 'CompanyLogoChanged' }>['data']['logo'];

/** Every event of the stream `user-settings-{userId}`. */
export type SettingsStreamEvent = SettingsEvent | ProfileEvent;

/** A user's settings as their own events describe them (stream `user-settings-{userId}`). */
export interface SettingsState {
  current: Changed | null;
  /** The company logo (a `logo-{id}` stream); null when there is none. */
  logo: LogoRef;
}

export const initialSettingsState: SettingsState = { current: null, logo: null };

export function evolveSettings(state: SettingsState, event: SettingsStreamEvent): SettingsState {
  switch (event.type) {
    case 'UserSettingsChanged':
      return { ...state, current: event.data };
    case 'CompanyLogoChanged':
      return { ...state, logo: event.data.logo };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export type SettingsCommand = {
  type: 'ChangeSettings';
  /** `logo`: a new logo, null to remove it, absent to keep it. */
  data: { userId: string; update: SettingsUpdate; logo?: LogoRef };
};

/**
 * Pure: settings that differ from the current ones become one UserSettingsChanged; the same ones, nothing.
 * A logo other than the current one becomes CompanyLogoChanged.
 */
export function decideSettings(state: SettingsState, command: SettingsCommand): SettingsStreamEvent[] {
  const { userId, update, logo } = command.data;
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
  const events: SettingsStreamEvent[] = [];
  if (JSON.stringify(data) !== JSON.stringify(state.current)) {
    events.push({ type: 'UserSettingsChanged', data });
  }
  if (logo !== undefined && logo?.id !== state.logo?.id) {
    events.push({ type: 'CompanyLogoChanged', data: { userId, logo } });
  }
  return events;
}
