import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { storeToken } from '../../api/session';
import { setCurrentUser } from '../../db/account';
import { db } from '../../db/database';
import { mockApi } from '../../test/api';
import { validWizardForm } from '../../test/wizardForm';
import { generateInvoice } from './generate';

const template = { ID: 'classic', TemplateName: 'Classic', TemplateComponentName: 'ClassicTemplate' };
const form = { ...validWizardForm, invoiceNumber: 'INV-042' };

beforeEach(() => {
  storeToken('token-of-user-g');
  setCurrentUser('user-g');
});

afterEach(async () => {
  setCurrentUser(null);
  await db.outbox.clear();
  await db.drafts.clear();
  vi.unstubAllGlobals();
});

// Generate Invoice (spec §4) online: sent now, or, when no server could answer it, into the outbox with
// the key it was sent with, so the invoice is made once whichever attempt gets through.
describe('generateInvoice when the server is out of reach', () => {
  it.each([
    ["the proxy's server died (502)", 502],
    ['the server lost its database (503)', 503],
    ['the proxy waited in vain (504)', 504],
  ])('queues the invoice when %s, with the key of the attempt, and keeps the draft', async (_, status) => {
    const { requests } = mockApi({ 'POST /invoices': () => ({ status }) });
    const result = await generateInvoice({ form, logo: null, template, draftId: 'draft-g' }, 'key-draft-g');
    expect(result).toEqual({ kind: 'queued' });
    const [queued, ...more] = await db.outbox.toArray();
    expect(more).toEqual([]);
    expect(queued?.label).toBe('Invoice INV-042 for Charles Babbage');
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/invoices');
    expect(queued?.idempotencyKey).toBe(sent?.headers.get('Idempotency-Key'));
    expect(await db.drafts.get('draft-g')).toMatchObject({ userId: 'user-g' });
  });

  it('does not queue what the server refused (400): the form shows the refusal', async () => {
    mockApi({
      'POST /invoices': () => ({
        status: 400,
        body: {
          error: 'Invoice number already used',
          fields: { invoiceNumber: 'Invoice number already used' },
        },
      }),
    });
    await expect(
      generateInvoice({ form, logo: null, template, draftId: 'draft-h' }, 'key-draft-h'),
    ).rejects.toBeInstanceOf(ApiError);
    expect(await db.outbox.count()).toBe(0);
  });
});
