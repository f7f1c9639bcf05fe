import {
  catalogue,
  documentLanguages,
  fill,
  formatDocumentDate,
  formatMoney,
  type InvoiceContent,
  money,
} from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceEmail } from '../../command/src/invoices/invoice-email.js';
import { reminderEmail } from '../../projector/src/time/emails.js';

// Issue 30: the customer's e-mails (the invoice as sent, its reminders) in the invoice's language: every
// sentence from the catalogue, money and dates as the language writes them, no English left.

const content: InvoiceContent = {
  number: 'RE-2026-0042',
  issueDate: '2026-11-27',
  dueDate: '2026-12-27',
  currency: 'EUR',
  taxRate: 1900,
  items: [{ description: 'Markenworkshop', quantity: 1, unitPrice: 120_000, total: 120_000 }],
  subtotal: 120_000,
  tax: 22_800,
  total: 142_800,
  seller: {
    name: 'Anna Schmidt',
    email: 'anna@schmidt.de',
    address: 'Berlin',
    companyName: 'Schmidt Design',
    vatId: null,
  },
  customer: {
    name: 'Jonas Weber',
    email: 'jonas@weber.de',
    address: 'Hamburg',
    companyName: 'Weber AG',
    vatId: null,
  },
  notes: '',
  terms: '',
  logo: null,
  paymentMethod: {
    id: 'pm-1',
    name: 'Überweisung',
    type: 'bank_transfer',
    bankName: 'Berliner Sparkasse',
    iban: 'DE89370400440532013000',
    swift: 'COBADEFFXXX',
  },
  template: { id: 'classic', name: 'Classic', componentName: 'Classic' },
};

const mails = (language: string) => ({
  send: invoiceEmail({
    sendId: 'send-1',
    to: ['jonas@weber.de'],
    cc: [],
    subject: '',
    message: '',
    content,
    balance: 142_800,
    pageUrl: 'https://remit.test/i/token',
    pdf: { filename: 'Rechnung.pdf', content: Buffer.from('%PDF-') },
    mailDomain: 'remit.test',
    language,
  }),
  soon: reminderEmail({
    content,
    today: '2026-12-24',
    to: 'jonas@weber.de',
    balance: 142_800,
    messageId: '<r1@x>',
    language,
  }),
  today: reminderEmail({
    content,
    today: '2026-12-27',
    to: 'jonas@weber.de',
    balance: 142_800,
    messageId: '<r2@x>',
    language,
  }),
  overdue: reminderEmail({
    content,
    today: '2027-01-04',
    to: 'jonas@weber.de',
    balance: 142_800,
    messageId: '<r3@x>',
    language,
  }),
});

const wordsOf = (text: string) =>
  new Set(
    text
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#\d+;/g, ' ')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length > 1),
  );

describe.each(documentLanguages)('the customer e-mails in %s', (language) => {
  it('say every sentence in the language, with its money and dates, and no English word', () => {
    const t = catalogue(language).mail;
    const amount = formatMoney(money(142_800, 'EUR'), catalogue(language).locale.money);
    const date = formatDocumentDate('2026-12-27', language);
    const values = {
      number: 'RE-2026-0042',
      amount,
      date,
      days: 3,
      name: 'Jonas Weber',
      seller: 'Schmidt Design',
    };
    const { send, soon, today, overdue } = mails(language);
    const expected: Array<[string, string, string]> = [
      ['send', send.text, fill(t.hello, values)],
      ['send', send.text, fill(t.sendIntro, values)],
      ['send', send.html, fill(t.viewOnline, values)],
      ['send', send.html, fill(t.attached, { filename: 'Rechnung.pdf' })],
      ['soon', soon.subject, fill(t.reminderSoonSubject, values)],
      ['soon', soon.text, fill(t.reminderSoonLead, values)],
      ['soon', soon.text, t.alreadyPaid],
      ['today', today.subject, fill(t.reminderTodaySubject, values)],
      ['overdue', overdue.subject, fill(t.reminderOverdueSubject, values)],
      ['overdue', overdue.text, fill(t.reminderOverdueLead, values)],
      ['overdue', overdue.text, t.kindRegards],
    ];
    for (const [mail, part, phrase] of expected) expect(part, `${mail}: ${phrase}`).toContain(phrase);
    expect(send.html).toContain(`<html lang="${language}">`);
    // The default subject a send gets is the catalogue's too (domain/src/invoices/collection.ts).
    expect(fill(t.subject, values)).toContain('RE-2026-0042');
    if (language === 'en') return;
    const english = wordsOf(Object.values(catalogue('en').mail).join(' '));
    const own = wordsOf(
      [...Object.values(t), ...Object.values(catalogue(language).document), 'Markenworkshop'].join(' '),
    );
    for (const mail of [send, soon, today, overdue]) {
      const body = `${mail.subject} ${mail.text} ${mail.html.replace(/<style[\s\S]*?<\/style>|style="[^"]*"/g, '')}`;
      const left = [...wordsOf(body)].filter((word) => english.has(word) && !own.has(word));
      expect(left, mail.subject).toEqual([]);
    }
  });
});
