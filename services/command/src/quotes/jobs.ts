import { addDays, formatMoney, money } from '@remit/contracts';
import { quoteStep } from '@remit/domain';
import { defineJob, type MailMessage, type RegisteredJob } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';

const { quotes, users } = readModels;

/** Quotes looked at per batch, and batches per tick: catching up after downtime never bursts. */
const BATCH = 200;
const MAX_BATCHES = 5;

type Due = { id: string; userId: string; validUntil: string };

/** The owner's mail: a sent quote passed its valid-until day unanswered (issue 33, item 4). */
function quoteExpiredMail(input: {
  to: string;
  ownerName: string;
  number: string;
  customer: string;
  total: string;
  validUntil: string;
  quoteUrl: string;
  messageId: string;
}): MailMessage {
  const subject = `Quote ${input.number} expired without an answer`;
  const text = [
    `Hello ${input.ownerName || 'there'},`,
    '',
    `Quote ${input.number} (${input.total}) for ${input.customer} was valid until ${input.validUntil} and has had no answer.`,
    'Follow up with your customer, or give it a later date and send it again.',
    '',
    `Open the quote: ${input.quoteUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head><body style="font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937;line-height:1.5"><p>${text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`))
    .join('</p><p>')}</p></body></html>`;
  return { to: [input.to], subject, text, html, messageId: input.messageId } as MailMessage;
}

/**
 * Quote expiry (issue 33, item 1; D-288): a sent, unanswered quote whose valid-until day has passed in its owner's
 * time zone is recorded as QuoteExpired once per valid-until day, and the owner mailed in the same transaction.
 * Found on the partial index `quotes_expiry_due`: a tick with nothing due reads no row. The read takes every quote
 * past the UTC day before today (no zone is more than 14 hours behind UTC); the owner's own day is decided on the
 * quote's stream, so a quote not yet expired in its zone decides nothing and is passed by the keyset.
 */
export const quoteExpiryJob: RegisteredJob = defineJob<Due>({
  name: 'quote-expiry',
  catchUp: `records each quote that expired while down once, ${BATCH * MAX_BATCHES} a tick, oldest first`,
  batch: BATCH,
  maxBatches: MAX_BATCHES,
  find: (context, limit, after) =>
    context.db
      .select({ id: quotes.id, userId: quotes.userId, validUntil: quotes.validUntil })
      .from(quotes)
      .where(
        and(
          eq(quotes.stage, 'sent'),
          // The partial index's own predicate: a quote whose passing is recorded for its day is not read again.
          sql`${quotes.expiryNoted} is distinct from ${quotes.validUntil}`,
          lt(quotes.validUntil, addDays(context.today, 1)),
          after
            ? or(
                gt(quotes.validUntil, after.validUntil),
                and(eq(quotes.validUntil, after.validUntil), gt(quotes.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(quotes.validUntil), asc(quotes.id))
      .limit(limit),
  async run(context, rows) {
    let handled = 0;
    for (const row of rows) {
      const [owner] = await context.db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      const outcome = await context.run(
        quoteStep({ type: 'ExpireQuote', data: { quoteId: row.id, at: context.now.toISOString() } }),
        { quoteId: row.id },
        (done) => {
          const expired = done.events.find((event) => event.type === 'QuoteExpired');
          const { content, number } = done.state;
          if (!expired || !owner?.email || !content || !number) return null;
          const id = `quote-expired-${row.id}-${expired.data.validUntil}`;
          return {
            id,
            message: quoteExpiredMail({
              to: owner.email,
              ownerName: owner.name,
              number,
              customer: content.customer.companyName || content.customer.name,
              total: formatMoney(money(content.total, content.currency)),
              validUntil: expired.data.validUntil,
              quoteUrl: `${context.appUrl.replace(/\/+$/, '')}/quotes/${encodeURIComponent(row.id)}`,
              messageId: `<${id}@${context.mailDomain}>`,
            }),
          };
        },
      );
      if (outcome && outcome.events.length > 0) {
        handled++;
        context.count('quotesExpired');
      }
    }
    return handled;
  },
});
