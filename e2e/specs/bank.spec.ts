import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { camt053, type TestEntry } from '../../services/command/src/bank/testing/statements.js';
import { expectNoSeriousViolations } from './accessibility.js';
import { createVerifiedAccount, invoicePayload, subscribeViaSandbox, useToken } from './helpers.js';

const screenshots = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

test('a CAMT.053 with 20 entries marks the right invoices paid and leaves the rest to confirm on the Bank screen', async ({
  page,
  request,
}) => {
  // Twenty invoices, a statement, the screen's filters and a match by keyboard: more than the default minute.
  test.slow();
  const { token } = await createVerifiedAccount(request);
  await subscribeViaSandbox(request, token);
  const headers = () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() });
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const issue = async (number: string, price: string, customer = 'Charles Babbage') => {
    const answer = await request.post('/api/invoices', {
      headers: headers(),
      multipart: {
        invoice: JSON.stringify({
          ...invoicePayload(number, customer),
          taxRate: '0',
          issueDate: today,
          dueDate: later,
          items: [{ description: 'Compiler consulting', quantity: '1', unitPrice: price }],
        }),
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  };
  for (let n = 1; n <= 12; n += 1) await issue(`BANK-${String(n).padStart(3, '0')}`, `${n * 10}.00`);
  await issue('BANK-013', '500.00');
  await issue('BANK-014', '80.00');
  await issue('BANK-015', '70.00');
  await issue('BANK-016', '99.00', 'Mary Somerville');

  // Twelve name an invoice and pay its exact balance, as German, French and Dutch banks write it.
  const exact: TestEntry[] = Array.from({ length: 12 }, (_, index) => {
    const number = `BANK-${String(index + 1).padStart(3, '0')}`;
    const amount = `${(index + 1) * 10}.00`;
    if (index % 3 === 0)
      return { amount, unstructured: [`SVWZ+RE ${number.toLowerCase()}`], payer: 'Charles Babbage' };
    if (index % 3 === 1) return { amount, structured: number, unstructured: ['Paiement facture'] };
    return { amount, unstructured: [`Factuur ${number.slice(0, 6)}`, number.slice(6)] };
  });
  const entries: TestEntry[] = [
    ...exact,
    { amount: '250.00', unstructured: ['BANK-013 first half'] },
    { amount: '150.00', unstructured: ['BANK-014 BANK-015'] },
    { amount: '99.00', payer: 'MARY SOMERVILLE', unstructured: ['Thank you'] },
    { amount: '10.00', unstructured: ['BANK-001'], currency: 'USD' },
    { amount: '5.00', payer: 'Finanzamt', unstructured: ['Erstattung'] },
    { amount: '42.00', payer: 'Versicherung', unstructured: ['Beitrag'] },
    { amount: '12.00', credit: false, unstructured: ['Kontoführung'] },
    { amount: '60.00', unstructured: ['BANK-006 again'] },
  ].map((entry) => ({ ...entry, bookingDate: today }));
  const statement = camt053(
    entries.map((entry) => ({ ...entry, bookingDate: today })),
    { created: `${today}T18:00:00` },
  );

  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bank' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bank' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'To confirm: none' })).toBeVisible();

  await page.getByLabel('Import statement').setInputFiles({
    name: 'statement.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(statement),
  });
  await expect(page.getByRole('alert').or(page.getByText(/^Imported 19 incoming payments/))).toContainText(
    'Imported 19 incoming payments: 12 invoices marked paid, 5 to confirm, 2 without a match.',
  );
  const list = page.getByRole('list', { name: 'To confirm transactions' });
  await expect(list.getByRole('article')).toHaveCount(5);
  await expect(list.getByText('Pays part of the balance')).toBeVisible();
  await expect(list.getByText('One transfer for several invoices')).toHaveCount(2);
  await expect(list.getByText('From this customer, no invoice number')).toBeVisible();
  await expect(list.getByText('In another currency than the invoice')).toBeVisible();
  await expect(list.getByText('Names an invoice already paid')).toBeVisible();
  await expectNoSeriousViolations(page, 'bank, to confirm');
  await page.screenshot({ path: join(screenshots, 'bank-1280.png'), fullPage: true });

  // A double click on Match records one payment.
  const matches: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/match')) matches.push(sent.url());
  });
  await list.getByRole('button', { name: 'Match €250.00 to invoice BANK-013' }).dblclick();
  await expect(page.getByText('Payment recorded on invoice BANK-013')).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(4);
  expect(matches).toHaveLength(1);

  // Keyboard: the filters are buttons in the tab order.
  await page.getByRole('button', { name: 'Unmatched', exact: true }).focus();
  await page.keyboard.press('Enter');
  const unmatched = page.getByRole('list', { name: 'Unmatched transactions' });
  await expect(unmatched.getByRole('article')).toHaveCount(2);
  await unmatched.getByRole('button', { name: 'Ignore the transfer from Finanzamt' }).click();
  await expect(unmatched.getByRole('article')).toHaveCount(1);

  // The other pays an invoice no suggestion names: found by the owner, with the keyboard, for the amount typed.
  await unmatched.getByRole('button', { name: 'Match the transfer from Versicherung to an invoice' }).click();
  const search = page.getByRole('combobox', { name: 'Find an open invoice' });
  await search.fill('BANK-016');
  await expect(page.getByRole('option', { name: /BANK-016/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'bank, choosing an invoice');
  await page.screenshot({ path: join(screenshots, 'bank-match-invoice-1280.png') });
  await search.press('Enter');
  await expect(page.getByLabel('Amount (EUR)')).toHaveValue('42.00');
  await page.getByRole('button', { name: 'Record payment' }).dblclick();
  await expect(page.getByText('Payment recorded on invoice BANK-016')).toBeVisible();
  await expect(unmatched.getByRole('article')).toHaveCount(0);
  await page.getByRole('button', { name: 'Matched', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Matched transactions' }).getByRole('article')).toHaveCount(14);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'To confirm', exact: true }).click();
  await expect(page.getByRole('list', { name: 'To confirm transactions' }).getByRole('article')).toHaveCount(
    4,
  );
  await expectNoSeriousViolations(page, 'bank on a phone');
  await page.screenshot({ path: join(screenshots, 'bank-375.png'), fullPage: true });

  // The same statement again records nothing new.
  await page.getByLabel('Import statement').setInputFiles({
    name: 'statement.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(statement),
  });
  await expect(page.getByText('Nothing new: 19 transactions were imported before.')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  // Back to the dashboard the way the owner goes (a full reload within 30 s shows the persisted list: D-336).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const rows = page.getByTestId('invoice');
  const row = (number: string) => rows.filter({ hasText: number });
  await expect(row('BANK-011').getByTestId('collection-status')).toHaveText('Paid');
  await expect(row('BANK-012').getByTestId('collection-status')).toHaveText('Paid');
  await expect(row('BANK-013').getByTestId('collection-status')).toHaveText('Partially paid');
  await expect(row('BANK-016').getByTestId('collection-status')).toHaveText('Partially paid');
});
