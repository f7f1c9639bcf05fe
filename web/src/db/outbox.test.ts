import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isServerUnreachable, NetworkError } from '../api/errors';
import { storeToken } from '../api/session';
import { mockApi } from '../test/api';
import { setCurrentUser } from './account';
import { db } from './database';
import { backoffMs, enqueue, flushOutbox, isTransient, listCommands } from './outbox';

const invoice = (number: string, userId?: string) => ({
  method: 'POST' as const,
  path: '/invoices',
  body: { invoice: { invoiceNumber: number, customerName: 'Charles Babbage' }, logo: null },
  format: 'invoice-multipart' as const,
  label: `Invoice ${number}`,
  ...(userId ? { userId } : {}),
});

const created = (id: number) => ({
  status: 201,
  body: { invoice: { ID: `inv-${id}` }, position: String(id) },
});

function signIn(userId: string) {
  storeToken(`token-of-${userId}`);
  setCurrentUser(userId);
}

beforeEach(() => signIn('user-p'));

afterEach(async () => {
  setCurrentUser(null);
  await db.outbox.clear();
  vi.unstubAllGlobals();
});

describe('the outbox (DESIGN §8, issue 13)', () => {
  it('sends waiting commands once, in order, each with its own idempotency key', async () => {
    let id = 0;
    const { requests } = mockApi({ 'POST /invoices': () => created(++id) });
    await enqueue({ ...invoice('OFF-1'), idempotencyKey: 'key-00000001' });
    await enqueue({ ...invoice('OFF-2'), idempotencyKey: 'key-00000002' });
    await enqueue({ ...invoice('OFF-3'), idempotencyKey: 'key-00000003' });
    const sent: string[] = [];
    const onSent = ({ command }: { command: { label: string } }) => sent.push(command.label);
    // Two flushes at once (two reconnect events): one run, each command sent once.
    const [first, second] = await Promise.all([flushOutbox({ onSent }), flushOutbox({ onSent })]);
    expect(first.sent).toHaveLength(3);
    expect(second).toBe(first);
    expect(sent).toEqual(['Invoice OFF-1', 'Invoice OFF-2', 'Invoice OFF-3']);
    expect(requests.map((request) => request.headers.get('Idempotency-Key'))).toEqual([
      'key-00000001',
      'key-00000002',
      'key-00000003',
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect((await flushOutbox()).sent).toHaveLength(0);
    expect(requests).toHaveLength(3);
  });

  it("sends only the signed-in account's commands, with that account's token", async () => {
    const { requests } = mockApi({ 'POST /invoices': () => created(1) });
    await enqueue(invoice('P-1'));
    signIn('user-q');
    await enqueue(invoice('Q-1'));

    await flushOutbox();
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer token-of-user-q',
    ]);
    expect((await listCommands('user-p')).map((command) => command.label)).toEqual(['Invoice P-1']);

    setCurrentUser(null);
    expect((await flushOutbox()).sent).toHaveLength(0);
    signIn('user-p');
    await flushOutbox();
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer token-of-user-q',
      'Bearer token-of-user-p',
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stops sending when the account signs out during a run', async () => {
    const { requests } = mockApi({
      'POST /invoices': () => {
        setCurrentUser(null);
        return created(1);
      },
    });
    await enqueue(invoice('P-1'));
    await enqueue(invoice('P-2'));
    await flushOutbox();
    expect(requests).toHaveLength(1);
    expect((await listCommands('user-p')).map((command) => command.label)).toEqual(['Invoice P-2']);
  });

  it('keeps the order behind a command the server cannot take yet, and retries it after a backoff', async () => {
    let down = true;
    const { requests } = mockApi({
      'POST /invoices': () => (down ? { status: 503, body: { error: 'Unavailable' } } : created(1)),
    });
    await enqueue(invoice('OFF-1'));
    await enqueue(invoice('OFF-2'));
    const outage = await flushOutbox();
    expect(outage.sent).toHaveLength(0);
    expect(outage.retryAt).toBeGreaterThan(Date.now());
    expect(requests).toHaveLength(1);
    const [waiting] = await listCommands('user-p');
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.lastError).toBeUndefined();

    // Before the backoff is over nothing is sent; the Retry button (force) sends at once.
    expect((await flushOutbox()).sent).toHaveLength(0);
    expect(requests).toHaveLength(1);
    down = false;
    const retried = await flushOutbox({ force: true });
    expect(retried.sent.map(({ command }) => command.label)).toEqual(['Invoice OFF-1', 'Invoice OFF-2']);
  });

  it('marks a refused command with the server message and field messages, and sends the ones behind it', async () => {
    mockApi({
      'POST /invoices': (request) =>
        request.headers.get('Idempotency-Key') === 'key-refused'
          ? {
              status: 409,
              body: {
                error: 'Invoice number OFF-1 is already used',
                code: 'conflict',
                fields: { invoiceNumber: 'This invoice number is already used' },
              },
            }
          : created(2),
    });
    await enqueue({ ...invoice('OFF-1'), idempotencyKey: 'key-refused', draftId: 'draft-1' });
    await enqueue(invoice('OFF-2'));
    const result = await flushOutbox();
    expect(result.sent.map(({ command }) => command.label)).toEqual(['Invoice OFF-2']);
    expect(result.refused).toHaveLength(1);
    const [refused] = await listCommands('user-p');
    expect(refused?.lastError).toBe('Invoice number OFF-1 is already used');
    expect(refused?.fieldErrors).toEqual({ invoiceNumber: 'This invoice number is already used' });
    expect(refused?.draftId).toBe('draft-1');
    // A refused command is not sent again by itself.
    expect((await flushOutbox({ force: true })).sent).toHaveLength(0);
  });

  it('sends a JSON command (a payment method toggle) with its key', async () => {
    const { requests } = mockApi({
      'PUT /settings/payment-methods/pm-1/toggle': () => ({ status: 200, body: {} }),
    });
    await enqueue({
      method: 'PUT',
      path: '/settings/payment-methods/pm-1/toggle',
      label: 'Toggle',
      idempotencyKey: 'key-t',
    });
    await flushOutbox();
    expect(
      requests.map((request) => [request.method, request.path, request.headers.get('Idempotency-Key')]),
    ).toEqual([['PUT', '/settings/payment-methods/pm-1/toggle', 'key-t']]);
  });

  it('cannot queue without an account', async () => {
    setCurrentUser(null);
    await expect(enqueue(invoice('X-1'))).rejects.toThrow();
  });
});

describe('what counts as worth retrying', () => {
  it('retries an unreachable server, 5xx, 408, 429 and a key still in progress; not a refusal', () => {
    expect(isTransient(new NetworkError('Failed to fetch'))).toBe(true);
    expect(isTransient(new ApiError(503, 'Unavailable'))).toBe(true);
    expect(isTransient(new ApiError(429, 'Slow down'))).toBe(true);
    expect(isTransient(new ApiError(408, 'Timeout'))).toBe(true);
    expect(isTransient(new ApiError(409, 'This request is already being processed', 'in_progress'))).toBe(
      true,
    );
    expect(isTransient(new ApiError(409, 'Invoice number taken', 'conflict'))).toBe(false);
    expect(isTransient(new ApiError(400, 'Bad'))).toBe(false);
  });

  it('queues a first attempt only when no server could answer it: offline, 502, 503, 504', () => {
    for (const status of [502, 503, 504]) expect(isServerUnreachable(new ApiError(status, ''))).toBe(true);
    expect(isServerUnreachable(new NetworkError('Failed to fetch'))).toBe(true);
    // A server that answered, even with its own fault, is not out of reach: the user sees what it said.
    for (const status of [400, 401, 402, 404, 409, 429, 500]) {
      expect(isServerUnreachable(new ApiError(status, 'Refused'))).toBe(false);
    }
  });

  it('backs off 1 s, 2 s, 4 s … up to a minute', () => {
    expect([1, 2, 3, 4, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 60_000]);
  });
});
