import { type InvoiceListItem, invoiceListItemSchema } from '@remit/contracts';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer now, or later (a promise: the request stays under way until the test resolves it). */
type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

/**
 * Stubs `fetch` with handlers keyed 'METHOD /path' (the path after /api, without the query).
 * Unhandled calls answer 404 so a missing handler shows up as a failing assertion, not a hang.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path, headers: new Headers(init.headers), body };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    const answer = handler ? await handler(request) : { status: 404, body: { error: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A promise the test resolves by hand, to look at a screen while a request is running. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export const testUser = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** One row of `GET /invoices` as the server answers it (checked against the contract). */
export function listedInvoice(overrides: Partial<InvoiceListItem> = {}): InvoiceListItem {
  return invoiceListItemSchema.parse({
    ID: 'inv-1',
    InvoiceNumber: 'INV-001',
    IssueDate: '2026-03-05',
    DueDate: '2026-04-04',
    Status: 'Draft',
    is_paid: false,
    Amount: 10000,
    Currency: 'EUR',
    CustomerName: 'Charles Babbage',
    CustomerCompanyName: 'Difference Works',
    CustomerEmail: 'charles@example.com',
    locked: false,
    ...overrides,
  });
}

/** A whole `GET /invoices` answer of one page size 15. */
export function invoicePage(invoices: InvoiceListItem[], totalPages = 1) {
  return { invoices, pagination: { page: 1, limit: 15, total: invoices.length, total_pages: totalPages } };
}
