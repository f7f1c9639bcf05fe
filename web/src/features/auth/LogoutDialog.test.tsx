// Runs isolated: Logout asks about unsent work in IndexedDB, and a draft that an earlier file's wizard saved as it
// unmounted can land after the shared project's cleanup between files (one run in three, D-540).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { db, type OutboxCommand } from '../../db/database';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/'));

const HOUR_MS = 60 * 60 * 1000;

/** A queued invoice the outbox will not try before the test ends, and the draft it keeps. */
async function queueInvoice(number: string) {
  const draftId = `draft-${number}`;
  await db.drafts.put({ id: draftId, userId: testUser.id, kind: 'invoice', data: {}, updatedAt: 1 });
  const command: OutboxCommand = {
    userId: testUser.id,
    idempotencyKey: `key-${number}`,
    method: 'POST',
    path: '/invoices',
    body: {},
    format: 'invoice-multipart',
    label: `Invoice ${number}`,
    draftId,
    createdAt: 1,
    attempts: 1,
    nextAttemptAt: Date.now() + HOUR_MS,
  };
  await db.outbox.add(command);
}

/** Three queued invoices (each with its draft), one draft of its own, and cached answers. */
async function seedDevice() {
  for (const number of ['INV-1', 'INV-2', 'INV-3']) await queueInvoice(number);
  await db.drafts.put({ id: 'loose', userId: testUser.id, kind: 'invoice', data: {}, updatedAt: 2 });
  await db.queries.put({
    key: `${testUser.id} ["settings","profile"]`,
    userId: testUser.id,
    hash: '["settings","profile"]',
    queryKey: ['settings', 'profile'],
    data: { email: testUser.email },
    updatedAt: Date.now(),
  });
}

function signedInApi() {
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /invoices': () => ({
      body: { invoices: [], pagination: { page: 1, limit: 15, total: 0, total_pages: 1 } },
    }),
    'POST /auth/logout': () => ({ body: { ok: true } }),
    'GET /auth/providers': () => ({ body: { google: false } }),
  });
}

describe('logging out with unsent work (issue 34 item 15)', () => {
  afterEach(async () => {
    await Promise.all([db.drafts.clear(), db.outbox.clear(), db.queries.clear()]);
  });

  it('counts in the dialog exactly what the dashboard lists, and Keep leaves only that work', {
    timeout: 60_000,
  }, async () => {
    await seedDevice();
    storeToken('jwt');
    signedInApi();
    renderApp('/');
    // The dashboard's chunk is transformed on first use: slow on a busy machine.
    const queue = await screen.findByRole('region', { name: 'Waiting to be sent' }, { timeout: 20_000 });
    expect(queue).toHaveTextContent('3 invoices are waiting to be sent');
    expect(await screen.findByRole('region', { name: 'Drafts on this device' })).toHaveTextContent(
      '1 draft saved on this device',
    );

    const user = userEvent.setup();
    // jsdom's viewport is phone-sized: Logout is in the menu.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsent work on this device' });
    expect(dialog).toHaveTextContent(
      '3 invoices waiting to be sent and 1 draft have not reached the server yet.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Keep and log out' }));
    await screen.findByRole('heading', { name: 'Welcome Back' });
    // What the dialog promised stays; nothing else of the account (its cached answers) does.
    await waitFor(async () => expect(await db.queries.count()).toBe(0));
    expect(await db.drafts.count()).toBe(4);
    expect(await db.outbox.count()).toBe(3);
  });
});
