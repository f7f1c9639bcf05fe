import type { Database } from '@remit/eventstore';
import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq, sql } from 'drizzle-orm';
import { BatchRows, selectWhereIn } from '../bulk.js';
import { defineProjection } from '../projection.js';

const { invoiceReminders, reminderSettings } = readModels;

/**
 * What the time process needs to find work (docs/decisions.md, "Getting paid": reminders): each user's
 * reminder policy and notification toggles, and per invoice what was done. Re-delivery changes nothing
 * (upserts of the same values; `last_reminder` only grows; the first view keeps the first time), so a
 * rebuild from the log gives the same rows as the live projection.
 */
export const remindersProjection = defineProjection({
  name: 'reminders',
  tables: ['reminder_settings', 'invoice_reminders'],
  handles: [
    'ReminderSettingsChanged',
    'InvoiceBecameOverdue',
    'InvoiceRemindersOptedOut',
    'InvoiceRemindersOptedIn',
    'InvoiceReminderSent',
    'InvoiceReminderSkipped',
    'InvoiceViewed',
    'OwnerNotificationReserved',
    'InvoiceDeleted',
  ],
  async apply(db, event) {
    switch (event.type) {
      case 'ReminderSettingsChanged': {
        const { userId, ...data } = event.data;
        const values = {
          remindersEnabled: data.remindersEnabled,
          reminderOffsets: data.reminderOffsets,
          notifyFirstView: data.notifyOnFirstView,
          notifyOverdue: data.notifyOnOverdue,
          updatedAt: event.createdAt,
        };
        await db
          .insert(reminderSettings)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
        return;
      }
      case 'InvoiceBecameOverdue':
        return upsert(db, event.data, { overdue: true });
      case 'InvoiceRemindersOptedOut':
        return upsert(db, event.data, { remindersOff: true });
      case 'InvoiceRemindersOptedIn':
        return upsert(db, event.data, { remindersOff: false });
      case 'InvoiceReminderSent':
      case 'InvoiceReminderSkipped': {
        const { offset } = event.data;
        await db
          .insert(invoiceReminders)
          .values({ invoiceId: event.data.invoiceId, userId: event.data.userId, lastReminder: offset })
          .onConflictDoUpdate({
            target: invoiceReminders.invoiceId,
            set: {
              lastReminder: sql`greatest(coalesce(${invoiceReminders.lastReminder}, ${offset}), ${offset})`,
            },
          });
        return;
      }
      case 'InvoiceViewed': {
        const at = new Date(event.data.viewedAt);
        await db
          .insert(invoiceReminders)
          .values({ invoiceId: event.data.invoiceId, userId: event.data.userId, firstViewedAt: at })
          .onConflictDoUpdate({
            target: invoiceReminders.invoiceId,
            set: {
              firstViewedAt: sql`coalesce(${invoiceReminders.firstViewedAt}, ${at.toISOString()}::timestamptz)`,
            },
          });
        return;
      }
      case 'OwnerNotificationReserved':
        if (event.data.kind === 'first_view') await upsert(db, event.data, { firstViewReserved: true });
        return;
      case 'InvoiceDeleted':
        await db.delete(invoiceReminders).where(eq(invoiceReminders.invoiceId, event.data.invoiceId));
        return;
      default:
        return unreachable(event);
    }
  },
  // The same folded in memory in log order per user and per invoice, then one delete and one upsert a table.
  async applyBatch(db, events) {
    const settings = new BatchRows(
      reminderSettings,
      ['userId'],
      await selectWhereIn(
        db,
        reminderSettings,
        reminderSettings.userId,
        events.filter((event) => event.type === 'ReminderSettingsChanged').map((event) => event.data.userId),
      ),
    );
    const rows = new BatchRows(
      invoiceReminders,
      ['invoiceId'],
      await selectWhereIn(
        db,
        invoiceReminders,
        invoiceReminders.invoiceId,
        events
          .filter((event) => event.type !== 'ReminderSettingsChanged')
          .map((event) => event.data.invoiceId),
      ),
    );
    // A row as the first insert of it leaves it: the event's ids, the columns' defaults.
    const row = (ids: { invoiceId: string; userId: string }): InvoiceReminder =>
      rows.get({ invoiceId: ids.invoiceId }) ?? {
        invoiceId: ids.invoiceId,
        userId: ids.userId,
        remindersOff: false,
        overdue: false,
        lastReminder: null,
        firstViewedAt: null,
        firstViewReserved: false,
      };
    for (const event of events) {
      switch (event.type) {
        case 'ReminderSettingsChanged': {
          const { userId, ...data } = event.data;
          settings.put({
            userId,
            remindersEnabled: data.remindersEnabled,
            reminderOffsets: data.reminderOffsets,
            notifyFirstView: data.notifyOnFirstView,
            notifyOverdue: data.notifyOnOverdue,
            updatedAt: event.createdAt,
          });
          break;
        }
        case 'InvoiceBecameOverdue':
          rows.put({ ...row(event.data), overdue: true });
          break;
        case 'InvoiceRemindersOptedOut':
          rows.put({ ...row(event.data), remindersOff: true });
          break;
        case 'InvoiceRemindersOptedIn':
          rows.put({ ...row(event.data), remindersOff: false });
          break;
        case 'InvoiceReminderSent':
        case 'InvoiceReminderSkipped': {
          const before = row(event.data);
          const { offset } = event.data;
          rows.put({ ...before, lastReminder: Math.max(before.lastReminder ?? offset, offset) });
          break;
        }
        case 'InvoiceViewed': {
          const before = row(event.data);
          rows.put({ ...before, firstViewedAt: before.firstViewedAt ?? new Date(event.data.viewedAt) });
          break;
        }
        case 'OwnerNotificationReserved':
          if (event.data.kind === 'first_view') rows.put({ ...row(event.data), firstViewReserved: true });
          break;
        case 'InvoiceDeleted':
          rows.delete({ invoiceId: event.data.invoiceId });
          break;
        default:
          unreachable(event);
      }
    }
    await settings.write(db);
    await rows.write(db);
  },
});

type InvoiceReminder = typeof invoiceReminders.$inferSelect;

async function upsert(
  db: Database,
  ids: { invoiceId: string; userId: string },
  set: Partial<typeof invoiceReminders.$inferInsert>,
): Promise<void> {
  await db
    .insert(invoiceReminders)
    .values({ invoiceId: ids.invoiceId, userId: ids.userId, ...set })
    .onConflictDoUpdate({ target: invoiceReminders.invoiceId, set });
}
