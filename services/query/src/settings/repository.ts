import {
  type AccountingSettingsAnswer,
  type DocumentLanguage,
  defaultAccountingSettings,
  defaultReminderSettings,
  type PaymentMethod,
  type PaymentMethodType,
  type ReminderSettingsAnswer,
  readEvent,
  type SellerProfile,
  sellerProfileFrom,
  settingsStreamId,
  type UserProfile,
  type UserSettings,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { asc, desc, eq } from 'drizzle-orm';
import { type Paywall, subscriptionView } from '../billing/repository.js';

const { companyLogos, paymentMethods, reminderSettings, userSettings, users } = readModels;

const logoUrl = (logoId: string) => `/api/logos/${logoId}`;

async function logoOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select().from(companyLogos).where(eq(companyLogos.userId, userId)).limit(1);
  return row ? logoUrl(row.logoId) : null;
}

async function settingsRowOf(db: Database, userId: string) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return row;
}

/**
 * The company's e-invoice details from its own settings stream (the last UserSettingsChanged, v1 upcast): the
 * user_settings read model keeps the spec's fields only, as the recorded logs built it.
 */
async function companyDetails(store: EventStore, userId: string) {
  let details: Pick<UserSettings['Settings'], 'CompanyPostalAddress' | 'CompanyPhone' | 'CompanyTaxNumber'> =
    {};
  for (const stored of await store.readStream(settingsStreamId(userId))) {
    const event = readEvent(stored);
    if (event.type !== 'UserSettingsChanged') continue;
    details = {
      CompanyPostalAddress: event.data.companyPostalAddress,
      CompanyPhone: event.data.companyPhone,
      CompanyTaxNumber: event.data.companyTaxNumber,
    };
  }
  return details;
}

/**
 * The seller's profile and the owner's document language (issue 30; English until chosen), read from the settings
 * stream in one read, as the command side folds them when it issues.
 */
export async function sellerDefaults(
  store: EventStore,
  userId: string,
): Promise<{ seller: SellerProfile | null; language: DocumentLanguage }> {
  let newest: Extract<ReturnType<typeof readEvent>, { type: 'UserSettingsChanged' }>['data'] | null = null;
  let language: DocumentLanguage = 'en';
  for (const stored of await store.readStream(settingsStreamId(userId))) {
    const event = readEvent(stored);
    if (event.type === 'UserSettingsChanged') newest = event.data;
    if (event.type === 'DocumentLanguageChanged') language = event.data.language;
  }
  return { seller: sellerProfileFrom(newest), language };
}

/** Spec §3 User settings; a user with none yet gets the defaults. */
export async function findUserSettings(
  db: Database,
  store: EventStore,
  userId: string,
): Promise<UserSettings> {
  const row = await settingsRowOf(db, userId);
  return {
    Name: row?.name ?? '',
    DefaultDueDays: row?.defaultDueDays ?? null,
    Settings: {
      CompanyEmail: row?.companyEmail ?? '',
      CompanyAddress: row?.companyAddress ?? '',
      CompanyName: row?.companyName ?? '',
      DefaultCurrency: row?.defaultCurrency ?? 'USD',
      UserCompanyVAT: row?.companyVat ?? null,
      LogoURL: await logoOf(db, userId),
      ...(await companyDetails(store, userId)),
    },
  };
}

/** The reminder policy and notification toggles (docs/decisions.md, "Getting paid"); defaults until set. */
export async function findReminderSettings(db: Database, userId: string): Promise<ReminderSettingsAnswer> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)).limit(1);
  if (!row) return defaultReminderSettings;
  return {
    remindersEnabled: row.remindersEnabled,
    reminderOffsets: row.reminderOffsets,
    notifyOnFirstView: row.notifyFirstView,
    notifyOnOverdue: row.notifyOverdue,
  };
}

export async function findUserProfile(paywall: Paywall, userId: string): Promise<UserProfile> {
  const { db } = paywall;
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const row = await settingsRowOf(db, userId);
  return {
    Name: row?.name || account?.name || '',
    Email: account?.email ?? '',
    Settings: {
      LogoURL: await logoOf(db, userId),
      CompanyName: row?.companyName ?? '',
      UserCompanyVAT: row?.companyVat ?? null,
    },
    Subscription: await subscriptionView(paywall, userId),
  };
}

/** The user's payment methods, the default first, then in the order they were added. */
export async function listPaymentMethods(db: Database, userId: string): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.addedPosition));
  return rows.map((row) => ({
    ID: row.id,
    Name: row.name,
    Type: row.type as PaymentMethodType,
    IsDefault: row.isDefault,
    IsActive: row.isActive,
    BankName: row.bankName,
    AccountNumber: row.accountNumber,
    IBAN: row.iban,
    SWIFT: row.swift,
    PaymentLink: row.paymentLink,
    Instructions: row.instructions,
  }));
}

/** The owner's DATEV details from their settings stream (the last AccountingSettingsChanged), else the defaults. */
export async function findAccountingSettings(
  store: EventStore,
  userId: string,
): Promise<AccountingSettingsAnswer> {
  let answer: AccountingSettingsAnswer = { settings: defaultAccountingSettings, saved: false };
  for (const stored of await store.readStream(settingsStreamId(userId))) {
    const event = readEvent(stored);
    if (event.type !== 'AccountingSettingsChanged') continue;
    const { userId: _userId, ...settings } = event.data;
    answer = { settings, saved: true };
  }
  return answer;
}
