import {
  type AccountingSettings,
  type AccountingSettingsEvent,
  addressFromText,
  type DocumentLanguage,
  type DocumentLanguageEvent,
  defaultReminderSettings,
  type PostalAddress,
  type ProfileEvent,
  type ReminderSettings,
  type ReminderSettingsEvent,
  type SettingsEvent,
  type SettingsUpdate,
  sameValue,
  settingsStreamId,
} from '@remit/contracts';
import { type LogoUpload, uploadLogo } from '@remit/domain';
import { type Decider, step } from '@remit/eventstore';
import { type RecordedEvent, unreachable } from '@remit/kit';

type Changed = Extract<SettingsEvent, { type: 'UserSettingsChanged' }>['data'];
type LogoRef = Extract<ProfileEvent, { type: 'CompanyLogoChanged' }>['data']['logo'];

/** Every event of the stream `user-settings-{userId}`. */
export type SettingsStreamEvent =
  | SettingsEvent
  | ProfileEvent
  | ReminderSettingsEvent
  | AccountingSettingsEvent
  | DocumentLanguageEvent;

/** A user's settings as their own events describe them (stream `user-settings-{userId}`). */
export interface SettingsState {
  current: Changed | null;
  /** The company logo (a `logo-{id}` stream); null when there is none. */
  logo: LogoRef;
  /** The reminder policy and notification toggles; null: never changed (the defaults). */
  reminders: ReminderSettings | null;
  /** The DATEV details (D-263); null: never saved (the defaults). */
  accounting: AccountingSettings | null;
  /** The owner's document language (issue 30); null: never chosen (English). */
  language: DocumentLanguage | null;
}

const initialSettingsState: SettingsState = {
  current: null,
  logo: null,
  reminders: null,
  accounting: null,
  language: null,
};

export type SettingsCommand =
  | {
      type: 'ChangeSettings';
      /** `logo`: a new logo, null to remove it, absent to keep it. */
      data: { userId: string; update: SettingsUpdate; logo?: LogoRef };
    }
  | { type: 'ChangeReminderSettings'; data: { userId: string; settings: ReminderSettings } }
  | { type: 'ChangeAccountingSettings'; data: { userId: string; settings: AccountingSettings } }
  | { type: 'ChangeDocumentLanguage'; data: { userId: string; language: DocumentLanguage } };

function evolve(state: SettingsState, event: RecordedEvent<SettingsStreamEvent>): SettingsState {
  switch (event.type) {
    case 'UserSettingsChanged':
      return { ...state, current: event.data };
    case 'CompanyLogoChanged':
      return { ...state, logo: event.data.logo };
    case 'ReminderSettingsChanged': {
      const { userId: _userId, ...reminders } = event.data;
      return { ...state, reminders };
    }
    case 'AccountingSettingsChanged': {
      const { userId: _userId, ...accounting } = event.data;
      return { ...state, accounting };
    }
    case 'DocumentLanguageChanged':
      return { ...state, language: event.data.language };
    default:
      return unreachable(event);
  }
}

/**
 * Pure: settings that differ from the current ones (by value) become one UserSettingsChanged; the same
 * ones, nothing. A logo other than the current one becomes CompanyLogoChanged.
 */
function decide(state: SettingsState, command: SettingsCommand): SettingsStreamEvent[] {
  if (command.type === 'ChangeDocumentLanguage') {
    const { userId, language } = command.data;
    // The same language again (English never chosen included) is no change.
    return language === (state.language ?? 'en')
      ? []
      : [{ type: 'DocumentLanguageChanged', data: { userId, language } }];
  }
  if (command.type === 'ChangeReminderSettings') {
    const { userId, settings } = command.data;
    const current = state.reminders ?? defaultReminderSettings;
    if (sameValue(settings, current)) return [];
    return [{ type: 'ReminderSettingsChanged', data: { userId, ...settings } }];
  }
  if (command.type === 'ChangeAccountingSettings') {
    const { userId, settings } = command.data;
    if (state.accounting && sameValue(settings, state.accounting)) return [];
    return [{ type: 'AccountingSettingsChanged', data: { userId, ...settings } }];
  }
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
    ...companyDetails(update, state.current),
  };
  const events: SettingsStreamEvent[] = [];
  if (!sameValue(data, state.current)) events.push({ type: 'UserSettingsChanged', data });
  if (logo !== undefined && logo?.id !== state.logo?.id) {
    events.push({ type: 'CompanyLogoChanged', data: { userId, logo } });
  }
  return events;
}

/**
 * The company's e-invoice details: as given, else the ones on file. A free-text address that changed without a
 * structured one given becomes address lines again (its country unknown): the old structured one described
 * another address.
 */
function companyDetails(update: SettingsUpdate, current: Changed | null) {
  const given = update.Settings;
  const sameText = current !== null && current.companyAddress === given.CompanyAddress;
  const address = given.CompanyPostalAddress;
  return {
    companyPostalAddress: address
      ? {
          lines: address.lines,
          postCode: address.postCode,
          city: address.city,
          region: address.region,
          country: address.country as PostalAddress['country'],
        }
      : sameText && current
        ? current.companyPostalAddress
        : addressFromText(given.CompanyAddress),
    companyPhone: given.CompanyPhone ?? current?.companyPhone ?? '',
    companyTaxNumber:
      given.CompanyTaxNumber !== undefined ? given.CompanyTaxNumber : (current?.companyTaxNumber ?? null),
  };
}

export const settingsDecider: Decider<SettingsState, SettingsCommand, SettingsStreamEvent> = {
  name: 'settings',
  handles: [
    'UserSettingsChanged',
    'CompanyLogoChanged',
    'ReminderSettingsChanged',
    'AccountingSettingsChanged',
    'DocumentLanguageChanged',
  ],
  initialState: initialSettingsState,
  evolve,
  decide,
};

/** `PUT /settings`: the details, and a new logo (stored with it unless stored before) or its removal. */
export function changeSettings(input: {
  userId: string;
  update: SettingsUpdate;
  logo: { upload: LogoUpload } | { remove: true } | null;
}) {
  const { userId, update, logo } = input;
  const ref =
    logo === null
      ? undefined
      : 'remove' in logo
        ? null
        : { id: logo.upload.logoId, contentType: logo.upload.contentType };
  return step({
    decider: settingsDecider,
    streams: settingsStreamId(userId),
    command: {
      type: 'ChangeSettings',
      data: { userId, update, ...(ref !== undefined ? { logo: ref } : {}) },
    },
    effects: (events) =>
      logo && 'upload' in logo && events.some((event) => event.type === 'CompanyLogoChanged')
        ? [uploadLogo(logo.upload)]
        : [],
  });
}

/** `PUT /settings/reminders`: the policy and toggles as given; the same ones write nothing. */
export const changeReminderSettings = (userId: string, settings: ReminderSettings) =>
  step({
    decider: settingsDecider,
    streams: settingsStreamId(userId),
    command: { type: 'ChangeReminderSettings', data: { userId, settings } },
  });

/** `PUT /settings/accounting`: the DATEV details as given; the same ones as saved write nothing. */
export const changeAccountingSettings = (userId: string, settings: AccountingSettings) =>
  step({
    decider: settingsDecider,
    streams: settingsStreamId(userId),
    command: { type: 'ChangeAccountingSettings', data: { userId, settings } },
  });

/** `PUT /settings/language`: the owner's document language; the same one writes nothing. */
export const changeDocumentLanguage = (userId: string, language: DocumentLanguage) =>
  step({
    decider: settingsDecider,
    streams: settingsStreamId(userId),
    command: { type: 'ChangeDocumentLanguage', data: { userId, language } },
  });
