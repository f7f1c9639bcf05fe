import { fill, formatDocumentDate, formatMoney, type InvoiceRecord, money } from '@remit/contracts';
import { type MailMessage, mailBlocks, mailLayout } from '@remit/kit';
import { documentMailWords, sentDocumentMail } from '../invoices/invoice-email.js';

/**
 * The mail a customer gets with a quote, in the quote's language (issue 30): the owner's message, the total,
 * valid until, the page link and the PDF, in the mails' one layout.
 */
export function quoteEmail(input: {
  sendId: string;
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  content: InvoiceRecord;
  validUntil: string;
  pageUrl: string;
  pdf: { filename: string; content: Buffer };
  mailDomain: string;
}): MailMessage {
  const { content } = input;
  const language = content.eInvoice.language ?? 'en';
  const { t, label, amount } = documentMailWords(content, language);
  const total = amount(content.total);
  const until = formatDocumentDate(input.validUntil, language);
  const intro = input.message || fill(t.quoteIntro, { number: content.number, amount: total, date: until });
  return sentDocumentMail({
    language,
    to: input.to,
    cc: input.cc,
    subject: input.subject,
    preheader: intro,
    intro,
    content,
    blocks: [
      mailBlocks.rows(
        [
          [t.quote, content.number],
          [t.total, total],
          [t.validUntil, until],
        ],
        { label },
      ),
      mailBlocks.button(input.pageUrl, t.viewQuote, { text: fill(t.viewQuoteText, { url: input.pageUrl }) }),
    ],
    attached: t.quoteAttached,
    pdf: input.pdf,
    messageId: `<quote-send-${input.sendId}@${input.mailDomain}>`,
  });
}

/**
 * The customer's confirmation that their acceptance on the quote's page reached the seller (issue 30: "quote
 * accepted"), in the quote's language, from the seller, in the mails' one layout.
 */
export function quoteAcceptedEmail(input: {
  to: string;
  /** Who accepted, as typed on the page. */
  name: string;
  content: InvoiceRecord;
  messageId: string;
}): MailMessage {
  const { content } = input;
  const language = content.eInvoice.language ?? 'en';
  const { t, seller, label, amount } = documentMailWords(content, language);
  const total = amount(content.total);
  const subject = fill(t.quoteAcceptedSubject, { number: content.number });
  const { html, text } = mailLayout({
    language,
    title: subject,
    brand: seller,
    blocks: [
      mailBlocks.paragraph(input.name ? fill(t.hello, { name: input.name }) : t.helloThere),
      mailBlocks.paragraph(fill(t.quoteAcceptedLead, { number: content.number, amount: total })),
      mailBlocks.rows(
        [
          [t.quote, content.number],
          [t.total, total],
        ],
        { label },
      ),
      mailBlocks.signature(t.kindRegards, seller),
    ],
    footer: fill(t.sentOnBehalf, { seller }),
  });
  return {
    to: [input.to],
    subject,
    text,
    html,
    replyTo: content.seller.email || undefined,
    messageId: input.messageId,
  } as MailMessage;
}

/** The owner's mail (the app's English) when the customer accepted or declined a quote on its page. */
export function quoteAnsweredEmail(input: {
  to: string;
  ownerName: string;
  content: InvoiceRecord;
  accepted: boolean;
  name: string;
  note: string;
  quoteUrl: string;
  messageId: string;
}): MailMessage {
  const { content, accepted, name, note } = input;
  const total = formatMoney(money(content.total, content.currency));
  const verb = accepted ? 'accepted' : 'declined';
  const subject = `Quote ${content.number} was ${verb} by ${name}`;
  const { html, text } = mailLayout({
    language: 'en',
    title: subject,
    brand: 'Remit',
    blocks: [
      mailBlocks.paragraph(`Hello ${input.ownerName},`),
      mailBlocks.paragraph(
        `${name} ${verb} quote ${content.number} (${total}) for ${content.customer.companyName || content.customer.name}.`,
      ),
      ...(note ? [mailBlocks.paragraph(`Their note: ${note}`, { pre: true })] : []),
      mailBlocks.button(
        input.quoteUrl,
        accepted ? 'Convert it to an invoice' : 'Open the quote',
        accepted ? { text: `Convert it to an invoice when you are ready: ${input.quoteUrl}` } : {},
      ),
    ],
    footer: 'You get this because a customer answered a quote you sent with Remit.',
  });
  return { to: [input.to], subject, text, html, messageId: input.messageId } as MailMessage;
}
