import type { SettingsEvent, UserEvent } from '@remit/contracts';
import { defineProjection } from '../projection.js';
import { userSettings } from '../schema.js';

type Handled = Extract<UserEvent, { type: 'UserSignedUp' }> | SettingsEvent;

/** Settings per user: defaults at sign-up (the name, USD), then each UserSettingsChanged. */
export const settingsProjection = defineProjection({
  name: 'settings',
  tables: ['user_settings'],
  handles: ['UserSignedUp', 'UserSettingsChanged'] satisfies Handled['type'][],
  async apply(db, stored) {
    const event = stored as unknown as Handled;
    const at = stored.createdAt;
    switch (event.type) {
      case 'UserSignedUp':
        await db
          .insert(userSettings)
          .values({
            userId: event.data.userId,
            name: event.data.name,
            defaultDueDays: null,
            companyEmail: '',
            companyAddress: '',
            companyName: '',
            companyVat: null,
            defaultCurrency: 'USD',
            updatedAt: at,
          })
          .onConflictDoNothing();
        return;
      case 'UserSettingsChanged': {
        const { userId, name, ...rest } = event.data;
        const values = {
          defaultDueDays: rest.defaultDueDays,
          companyEmail: rest.companyEmail,
          companyAddress: rest.companyAddress,
          companyName: rest.companyName,
          companyVat: rest.companyVat,
          defaultCurrency: rest.defaultCurrency,
          updatedAt: at,
        };
        await db
          .insert(userSettings)
          .values({ userId, name: name ?? '', ...values })
          .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, ...(name ? { name } : {}) } });
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
