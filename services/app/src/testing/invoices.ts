import type { InvoiceSubmitInput } from '@remit/contracts';
import type { TestApp } from './harness.js';

/** A valid submit payload (spec §3), numbered as asked. */
export function invoicePayload(overrides: Partial<InvoiceSubmitInput> = {}): InvoiceSubmitInput {
  return {
    userName: 'Ada Lovelace',
    userEmail: 'ada@example.com',
    userAddress: '12 Analytical Street, London',
    userCompanyName: 'Engines & Co',
    userCompanyVAT: 'GB123456789',
    customerName: 'Charles Babbage',
    customerEmail: 'charles@difference.example',
    customerAddress: '1 Dorset Street, London',
    customerCompanyName: 'Difference Works',
    customerCompanyVAT: '',
    invoiceNumber: 'INV-0001',
    currency: 'EUR',
    taxRate: 20,
    issueDate: '2025-03-14',
    dueDate: '2025-04-13',
    items: [
      { description: 'Design of the engine', quantity: 2, unitPrice: '950.50' },
      { description: 'Punch cards', quantity: 3, unitPrice: 0.1 },
    ],
    notes: 'Thank you!',
    termsAndConditions: 'Payment due in 30 days.',
    templateId: 'classic',
    templateName: 'Classic',
    templateComponentName: 'ClassicTemplate',
    status: 'Draft',
    ...overrides,
  };
}

/** POST /invoices as the web sends it: multipart with the `invoice` JSON and an optional `logo` file. */
export async function postInvoice(
  app: TestApp,
  token: string,
  invoice: unknown,
  options: {
    logo?: { bytes: Uint8Array; type: string; name?: string };
    headers?: Record<string, string>;
  } = {},
) {
  const form = new FormData();
  form.set('invoice', JSON.stringify(invoice));
  if (options.logo) {
    form.set(
      'logo',
      new Blob([options.logo.bytes], { type: options.logo.type }),
      options.logo.name ?? 'logo.png',
    );
  }
  const response = await fetch(`${app.base}/api/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

/** A 1×1 transparent PNG. */
export const tinyPng = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
