import { catalogue, documentLanguages, fill, formatDocumentDate, formatMoney, money } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { customerMailsIn, mailContent } from './testing/customer-mails.js';

// Issue 30: the customer's e-mails (the invoice as sent, its reminders, a credit note, a quote) in the document's
// language: every sentence from the catalogue, money and dates as the language writes them, no English left, and
// one layout (mailLayout) for all of them. The fixture is the contact sheets' too (scripts/language-sheets.ts).

const wordsOf = (text: string) =>
  new Set(
    text
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#\d+;/g, ' ')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length > 1),
  );

/** The HTML part as a reader sees it: no markup, no styles, entities read. */
const shown = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>|<title>[\s\S]*?<\/title>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');

describe.each(documentLanguages)('the customer e-mails in %s', (language) => {
  const t = catalogue(language).mail;
  const locale = catalogue(language).locale.money;
  const amount = formatMoney(money(142_800, 'EUR'), locale);
  const date = formatDocumentDate('2026-12-27', language);
  const values = {
    number: 'RE-2026-0042',
    amount,
    date,
    days: 3,
    name: 'Jonas Weber',
    seller: 'Schmidt Design GmbH',
  };
  const mails = customerMailsIn(language);

  it('say every sentence in the language, in the text part and the HTML part alike, with its money and dates', () => {
    const credit = {
      number: 'GS-2026-0007',
      amount,
      invoice: 'RE-2026-0042',
      date: formatDocumentDate('2026-11-27', language),
    };
    const quote = { number: 'ANG-2026-0003', amount, date: formatDocumentDate('2026-12-31', language) };
    const expected: Array<[keyof typeof mails, string]> = [
      ['send', fill(t.hello, values)],
      ['send', fill(t.sendIntro, values)],
      ['send', fill(t.sentOnBehalf, values)],
      ['soon', fill(t.reminderSoonLead, values)],
      ['soon', t.alreadyPaid],
      ['today', fill(t.reminderTodayLead, values)],
      ['overdue', fill(t.reminderOverdueLead, values)],
      ['overdue', t.kindRegards],
      ['creditNote', fill(t.creditNoteIntro, credit)],
      ['creditNote', t.nothingToPay],
      ['quote', fill(t.quoteIntro, quote)],
      ['quote', fill(t.quoteAttached, { filename: 'ANG-2026-0003.pdf' })],
      ['quoteAccepted', fill(t.quoteAcceptedLead, quote)],
    ];
    for (const [mail, phrase] of expected) {
      expect(mails[mail].text, `${mail} text: ${phrase}`).toContain(phrase);
      expect(shown(String(mails[mail].html)), `${mail} HTML: ${phrase}`).toContain(
        phrase.replace(/\s+/g, ' '),
      );
    }
    expect(mails.send.html).toContain(fill(t.viewOnline, values));
    expect(mails.soon.subject).toBe(fill(t.reminderSoonSubject, values));
    expect(mails.today.subject).toBe(fill(t.reminderTodaySubject, values));
    expect(mails.overdue.subject).toBe(fill(t.reminderOverdueSubject, values));
    for (const mail of Object.values(mails)) {
      expect(mail.html).toContain(`<html lang="${language}">`);
      // One layout: the sender's name over the card, the footer under it, in both parts.
      expect(shown(String(mail.html))).toContain(
        fill(t.sentOnBehalf, { seller: mailContent.seller.companyName }),
      );
      expect(mail.text).toContain(fill(t.sentOnBehalf, { seller: mailContent.seller.companyName }));
    }
  });
});

describe.each(documentLanguages.filter((language) => language !== 'en'))(
  'the customer e-mails in %s',
  (language) => {
    it('leave no English word in any part', () => {
      const t = catalogue(language).mail;
      const mails = customerMailsIn(language);
      const english = wordsOf(Object.values(catalogue('en').mail).join(' '));
      const own = wordsOf(
        [
          ...Object.values(t),
          ...Object.values(catalogue(language).document),
          ...Object.values(catalogue(language).page),
          'Markenworkshop',
        ].join(' '),
      );
      for (const [name, mail] of Object.entries(mails)) {
        const body = `${mail.subject} ${mail.text} ${shown(String(mail.html))}`;
        const left = [...wordsOf(body)].filter((word) => english.has(word) && !own.has(word));
        expect(left, name).toEqual([]);
      }
    });
  },
);
