import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { companyLogos, userSettings } = readModels;

/** Settings per user: defaults at sign-up (the name, USD), then each UserSettingsChanged; the company logo. */
export const settingsProjection = defineProjection({
  name: 'settings',
  tables: ['user_settings', 'company_logos'],
  handles: ['UserSignedUp', 'UserSettingsChanged', 'CompanyLogoChanged'],
  async apply(db, event) {
    const at = event.createdAt;
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
      case 'CompanyLogoChanged': {
        const { userId, logo } = event.data;
        if (!logo) {
          await db.delete(companyLogos).where(eq(companyLogos.userId, userId));
          return;
        }
        const values = { logoId: logo.id, contentType: logo.contentType, updatedAt: at };
        await db
          .insert(companyLogos)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: companyLogos.userId, set: values });
        return;
      }
      default:
        return unreachable(event);
    }
  },
});
