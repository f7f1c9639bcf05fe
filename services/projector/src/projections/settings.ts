import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq } from 'drizzle-orm';
import { BatchRows, selectWhereIn } from '../bulk.js';
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
  // The same folded per user in log order, then one delete and one upsert a table.
  async applyBatch(db, events) {
    const settingsUsers = events
      .filter((event) => event.type !== 'CompanyLogoChanged')
      .map((event) => event.data.userId);
    const logoUsers = events
      .filter((event) => event.type === 'CompanyLogoChanged')
      .map((event) => event.data.userId);
    const settings = new BatchRows(
      userSettings,
      ['userId'],
      await selectWhereIn(db, userSettings, userSettings.userId, settingsUsers),
    );
    const logos = new BatchRows(
      companyLogos,
      ['userId'],
      await selectWhereIn(db, companyLogos, companyLogos.userId, logoUsers),
    );
    for (const event of events) {
      const at = event.createdAt;
      switch (event.type) {
        case 'UserSignedUp': {
          const { userId, name } = event.data;
          if (settings.get({ userId })) break;
          settings.put({
            userId,
            name,
            defaultDueDays: null,
            companyEmail: '',
            companyAddress: '',
            companyName: '',
            companyVat: null,
            defaultCurrency: 'USD',
            updatedAt: at,
          });
          break;
        }
        case 'UserSettingsChanged': {
          const { userId, name } = event.data;
          const before = settings.get({ userId });
          settings.put({
            userId,
            name: name || (before?.name ?? ''),
            defaultDueDays: event.data.defaultDueDays,
            companyEmail: event.data.companyEmail,
            companyAddress: event.data.companyAddress,
            companyName: event.data.companyName,
            companyVat: event.data.companyVat,
            defaultCurrency: event.data.defaultCurrency,
            updatedAt: at,
          });
          break;
        }
        case 'CompanyLogoChanged': {
          const { userId, logo } = event.data;
          if (logo) logos.put({ userId, logoId: logo.id, contentType: logo.contentType, updatedAt: at });
          else logos.delete({ userId });
          break;
        }
        default:
          unreachable(event);
      }
    }
    await settings.write(db);
    await logos.write(db);
  },
});
