import type { QuoteEvent } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { decider } from '../testing/given.js';
import { content } from '../testing/invoice.js';
import { quoteDecider } from './decider.js';
import { invoiceFromQuote, quoteContent } from './issue.js';

const given = decider(quoteDecider);
const ids = { quoteId: 'q1', userId: 'u1' };
const form = { issueDate: '2026-03-01', dueDate: '2026-03-31', invoiceNumber: 'INV-0007' };
const created: QuoteEvent = {
  type: 'QuoteCreated',
  data: {
    ...ids,
    number: 'QUO-0001',
    validUntil: '2026-03-15',
    timeZone: 'Europe/Berlin',
    form,
    content: quoteContent(content, 'QUO-0001', '2026-03-15'),
  },
};
const shared: QuoteEvent = { type: 'QuoteShared', data: { ...ids, shareId: 's1', tokenHash: 'hash' } };
const answer = (accepted: boolean, at: string, name = 'Charles Babbage', tokenHash = 'hash') =>
  ({ type: 'AnswerQuote', data: { quoteId: 'q1', tokenHash, accepted, name, note: '', at } }) as const;
const accepted: QuoteEvent = {
  type: 'QuoteAccepted',
  data: { ...ids, name: 'Charles Babbage', note: '', day: '2026-03-10' },
};
const declined: QuoteEvent = { type: 'QuoteDeclined', data: { ...accepted.data } };
const convert = (userId = 'u1') =>
  ({
    type: 'ConvertQuote',
    data: { quoteId: 'q1', userId, invoiceId: 'i1', invoiceNumber: 'INV-0007' },
  }) as const;
const invoiced: QuoteEvent = {
  type: 'QuoteInvoiced',
  data: { ...ids, invoiceId: 'i1', invoiceNumber: 'INV-0007' },
};

describe('a quote (issue 33)', () => {
  it('is accepted on its link while sent, on the owner’s day', () => {
    given([created, shared]).when(answer(true, '2026-03-10T09:00:00Z')).thenEmits([accepted]);
  });

  it('refuses a second answer: accepted twice, or declined then accepted', () => {
    given([created, shared, accepted])
      .when(answer(true, '2026-03-11T09:00:00Z'))
      .thenThrows('This quote was already accepted by Charles Babbage on 2026-03-10');
    given([created, shared, declined])
      .when(answer(true, '2026-03-11T09:00:00Z'))
      .thenThrows('This quote was declined on 2026-03-10');
  });

  it('refuses an acceptance after its valid-until day has passed in the owner’s time zone, not UTC’s', () => {
    // 23:30 UTC on the 15th is already the 16th in Berlin: expired there, though still the 15th in UTC.
    given([created, shared])
      .when(answer(true, '2026-03-15T23:30:00Z'))
      .thenThrows('This quote expired: it was valid until 2026-03-15');
    given([created, shared])
      .when(answer(true, '2026-03-15T22:30:00Z'))
      .thenEmits([{ ...accepted, data: { ...accepted.data, day: '2026-03-15' } }]);
  });

  it('opens nothing with a wrong or replaced link, or before it is shared', () => {
    given([created, shared])
      .when(answer(true, '2026-03-10T09:00:00Z', 'Eve', 'other'))
      .thenThrows('This quote link is not valid');
    given([created]).when(answer(true, '2026-03-10T09:00:00Z')).thenThrows('This quote link is not valid');
  });

  it('converts once; a declined quote is not converted; another user’s is not found', () => {
    given([created, shared, accepted]).when(convert()).thenEmits([invoiced]);
    given([created, shared, accepted, invoiced])
      .when(convert())
      .thenThrows('This quote was already converted to invoice INV-0007');
    given([created, shared, declined]).when(convert()).thenThrows('This quote was declined');
    given([created]).when(convert('u2')).thenThrows('Quote not found');
  });

  it('is no longer changed or deleted once answered or converted, and says why', () => {
    const revise = {
      type: 'ReviseQuote',
      data: {
        ...ids,
        validUntil: '2026-04-30',
        timeZone: 'Europe/Berlin',
        form,
        content: created.data.content,
      },
    } as const;
    given([created, shared, accepted])
      .when({ type: 'DeleteQuote', data: ids })
      .thenThrows(
        'Quote QUO-0001 was accepted by Charles Babbage on 2026-03-10 and can no longer be changed. Convert it to an invoice, or make a new quote.',
      );
    given([created, shared, accepted])
      .when(revise)
      .thenThrows(
        'Quote QUO-0001 was accepted by Charles Babbage on 2026-03-10 and can no longer be changed',
      );
    given([created, shared, declined])
      .when(revise)
      .thenThrows('Quote QUO-0001 was declined on 2026-03-10 and can no longer be changed');
    given([created, shared, accepted, invoiced])
      .when(revise)
      .thenThrows('Quote QUO-0001 was converted to invoice INV-0007 and can no longer be changed');
  });

  it('is changed while a draft, sent, or expired: a later valid-until revives it', () => {
    const revise = {
      type: 'ReviseQuote',
      data: {
        ...ids,
        validUntil: '2026-04-30',
        timeZone: 'Europe/Berlin',
        form,
        content: created.data.content,
      },
    } as const;
    given([created])
      .when(revise)
      .thenEmits([{ type: 'QuoteRevised', data: revise.data }]);
    const expired: QuoteEvent = { type: 'QuoteExpired', data: { ...ids, validUntil: '2026-03-15' } };
    given([created, shared, expired])
      .when(revise)
      .thenEmits([{ type: 'QuoteRevised', data: revise.data }]);
    given([created, shared, expired, { type: 'QuoteRevised', data: revise.data }])
      .when(answer(true, '2026-04-01T10:00:00Z'))
      .thenEmits([
        {
          type: 'QuoteAccepted',
          data: { ...ids, name: 'Charles Babbage', note: '', day: '2026-04-01' },
        },
      ]);
  });

  it('becomes an invoice with its lines, dated the day of conversion and due after the quoted terms', () => {
    const invoice = invoiceFromQuote(created.data.content, form, {
      number: 'INV-0007',
      issueDate: '2026-04-02',
    });
    expect(invoice).toMatchObject({ number: 'INV-0007', issueDate: '2026-04-02', dueDate: '2026-05-02' });
    expect(invoice.eInvoice).toMatchObject({
      number: 'INV-0007',
      issueDate: '2026-04-02',
      dueDate: '2026-05-02',
    });
    expect(invoice.items).toEqual(content.items);
    expect(invoice.total).toBe(content.total);
  });
});
