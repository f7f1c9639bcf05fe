import { describe, expect, it } from 'vitest';
import { dayIn, quoteResponseSchema, quoteStateOf, quoteSubmitSchema } from './quotes-api.js';

const payload = {
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  userAddress: '12 Analytical Street',
  userCompanyName: 'Engines',
  userCompanyVAT: '',
  customerName: 'Charles Babbage',
  customerEmail: 'charles@example.com',
  customerAddress: '1 Dorset Street',
  customerCompanyName: 'Difference',
  customerCompanyVAT: '',
  invoiceNumber: 'INV-0001',
  currency: 'EUR',
  taxRate: 20,
  issueDate: '2026-03-01',
  dueDate: '2026-03-31',
  items: [{ description: 'Design', quantity: 1, unitPrice: '10' }],
  notes: '',
  termsAndConditions: '',
  templateId: 'classic',
};

describe('the quote payload (issue 33)', () => {
  it('is the invoice payload plus validUntil and the owner’s time zone', () => {
    const parsed = quoteSubmitSchema.parse({
      ...payload,
      validUntil: '2026-03-15',
      timeZone: 'Europe/Berlin',
    });
    expect(parsed).toMatchObject({
      validUntil: '2026-03-15',
      timeZone: 'Europe/Berlin',
      invoiceNumber: 'INV-0001',
    });
    expect(parsed.items[0]).toMatchObject({ description: 'Design', quantity: 1 });
    expect(quoteSubmitSchema.parse({ ...payload, validUntil: '2026-03-15' }).timeZone).toBe('UTC');
  });

  it('says what is wrong: a missing or earlier valid-until, an unknown zone, the invoice form’s own messages', () => {
    const result = quoteSubmitSchema.safeParse({ ...payload, customerName: '', timeZone: 'Mars/Olympus' });
    const messages = result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['validUntil', 'Valid until is required'],
        ['timeZone', 'Time zone must be an IANA name such as Europe/Berlin'],
      ]),
    );
    expect(messages.some(([path]) => path === 'customerName')).toBe(true);
    const early = quoteSubmitSchema.safeParse({ ...payload, validUntil: '2026-02-01' });
    expect(early.success ? [] : early.error.issues.map((issue) => issue.message)).toEqual([
      'Valid until cannot be before the issue date',
    ]);
  });
});

describe('the customer’s answer', () => {
  it('drops bidi and control characters, keeps a note’s line breaks and non-Latin names', () => {
    const parsed = quoteResponseSchema.parse({ name: ' \u202Eevil\u202C Zoë 山田 ', note: 'a\u0007b\r\nc' });
    expect(parsed).toEqual({ name: 'evil Zoë 山田', note: 'ab\nc' });
  });

  it('refuses an empty name and a note over 1000 characters', () => {
    expect(quoteResponseSchema.safeParse({ name: '\u202E ' }).success).toBe(false);
    const long = quoteResponseSchema.safeParse({ name: 'Eve', note: 'x'.repeat(1001) });
    expect(long.success ? [] : long.error.issues.map((issue) => issue.message)).toEqual([
      'The note can have at most 1000 characters',
    ]);
  });
});

describe('the state a quote reads as', () => {
  const quote = {
    sent: true,
    answer: null,
    invoiced: false,
    validUntil: '2026-03-15',
    timeZone: 'Pacific/Auckland',
  };
  it('is Expired once the owner’s day is past valid-until, in their time zone', () => {
    // 12:00 UTC on the 15th is already the 16th in Auckland.
    expect(dayIn(new Date('2026-03-15T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-03-16');
    expect(quoteStateOf(quote, new Date('2026-03-15T12:00:00Z'))).toBe('Expired');
    expect(quoteStateOf({ ...quote, timeZone: 'UTC' }, new Date('2026-03-15T12:00:00Z'))).toBe('Sent');
    expect(quoteStateOf({ ...quote, sent: false }, new Date('2026-04-01T00:00:00Z'))).toBe('Draft');
    expect(quoteStateOf({ ...quote, answer: { accepted: true } }, new Date('2026-04-01'))).toBe('Accepted');
    expect(quoteStateOf({ ...quote, invoiced: true }, new Date('2026-04-01'))).toBe('Invoiced');
  });
});
