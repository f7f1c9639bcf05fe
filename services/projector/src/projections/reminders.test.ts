import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { remindersProjection } from './reminders.js';

const spec = projectionSpec(remindersProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const ids = { invoiceId: 'i1', userId: 'u1' };
const invoiceRows = async () =>
  (await spec.rows('invoice_reminders')).map((row) => ({
    invoice: row.invoice_id,
    off: row.reminders_off,
    overdue: row.overdue,
    last: row.last_reminder,
    firstViewed: row.first_viewed_at ? new Date(String(row.first_viewed_at)).toISOString() : null,
    notified: row.first_view_reserved,
  }));

describe('the reminders projection', () => {
  it('keeps the policy per user, the latest handled reminder and the first view; re-delivery changes nothing', async () => {
    const batch = await spec.given([
      {
        type: 'ReminderSettingsChanged',
        data: {
          userId: 'u1',
          remindersEnabled: true,
          reminderOffsets: [-3, 7],
          notifyOnFirstView: false,
          notifyOnOverdue: true,
        },
      },
      {
        type: 'InvoiceViewed',
        data: { ...ids, shareId: 's1', viewedAt: '2026-11-02T10:00:00.000Z' },
      },
      { type: 'InvoiceReminderSkipped', data: { ...ids, offset: -3, reason: 'superseded' } },
      {
        type: 'InvoiceReminderSent',
        data: { ...ids, offset: 7, to: 'c@x.test', dueDate: '2026-11-01', balance: 100, currency: 'EUR' },
      },
      {
        type: 'InvoiceViewed',
        data: { ...ids, shareId: 's1', viewedAt: '2026-11-03T10:00:00.000Z' },
      },
      {
        type: 'InvoiceBecameOverdue',
        data: { ...ids, dueDate: '2026-11-01', balance: 100, currency: 'EUR' },
      },
      { type: 'InvoiceRemindersOptedOut', data: ids },
      { type: 'OwnerNotificationReserved', data: { ...ids, kind: 'first_view', sent: false } },
      { type: 'InvoiceRemindersOptedOut', data: { invoiceId: 'i2', userId: 'u1' } },
      { type: 'InvoiceRemindersOptedIn', data: { invoiceId: 'i2', userId: 'u1' } },
    ]);
    expect((await spec.rows('reminder_settings', ['updated_at']))[0]).toEqual({
      user_id: 'u1',
      reminders_enabled: true,
      reminder_offsets: [-3, 7],
      notify_first_view: false,
      notify_overdue: true,
    });
    expect(await invoiceRows()).toEqual([
      {
        invoice: 'i1',
        off: true,
        overdue: true,
        last: 7,
        firstViewed: '2026-11-02T10:00:00.000Z',
        notified: true,
      },
      { invoice: 'i2', off: false, overdue: false, last: null, firstViewed: null, notified: false },
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);

    await spec.given([{ type: 'InvoiceDeleted', data: { ...ids, number: 'INV-1' } }]);
    expect((await invoiceRows()).map((row) => row.invoice)).toEqual(['i2']);
  });
});
