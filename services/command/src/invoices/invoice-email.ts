import type { InvoiceContent } from '@remit/contracts';
import {
  catalogue,
  fill,
  formatDocumentDate,
  formatMoney,
  invoiceMailDefaults,
  invoiceSendMailId,
  labelled,
  money,
  paymentDetailRows,
} from '@remit/contracts';
import { type MailBlock, type MailMessage, mailBlocks, mailLayout } from '@remit/kit';

export const greets = (message: string) =>
  /^\s*(hello|hi|hey|dear|good (morning|afternoon|evening)|greetings|bonjour|bonsoir|madame|monsieur|cher|chère|hallo|guten tag|sehr geehrte|liebe|lieber|hola|estimad[oa]|buongiorno|buonasera|gentile|ciao|beste|geachte|goedendag|goedemorgen|hoi)(?![\p{L}])/iu.test(
    message,
  );

/**
 * The opening of a customer mail in `language`: "Hello {name}," then the owner's message or the default one. The
 * owner's own message often greets the customer already; one greeting is enough.
 */
export function openingBlocks(intro: string, customerName: string, language: string): MailBlock[] {
  const t = catalogue(language).mail;
  const greeting = greets(intro) ? null : customerName ? fill(t.hello, { name: customerName }) : t.helloThere;
  return [...(greeting ? [mailBlocks.paragraph(greeting)] : []), mailBlocks.paragraph(intro, { pre: true })];
}

/**
 * What every customer mail about a document starts from, in `language`: the catalogue's words, the seller's name,
 * how a label reads beside its value, and an amount in the document's currency.
 */
export function documentMailWords(content: Pick<InvoiceContent, 'seller' | 'currency'>, language: string) {
  const words = catalogue(language);
  return {
    words,
    t: words.mail,
    seller: content.seller.companyName || content.seller.name,
    label: (name: string, value: string) => labelled(name, value, language),
    amount: (minor: number) => formatMoney(money(minor, content.currency), words.locale.money),
  };
}

/**
 * A customer mail that sends a document, in the mails' one layout: the opening (greeting and the owner's message),
 * the document's own `blocks`, the attached PDF's line, the signature and the seller's footer; replies go to the
 * seller, and the PDF is attached. `messageId` is the send's, so a repeat of one send is the same message.
 */
export function sentDocumentMail(input: {
  language: string;
  to: string[];
  cc: string[];
  subject: string;
  preheader: string;
  intro: string;
  content: Pick<InvoiceContent, 'seller' | 'customer' | 'currency'>;
  blocks: MailBlock[];
  /** The catalogue's line naming the attached PDF (`{filename}`). */
  attached: string;
  pdf: { filename: string; content: Buffer };
  messageId: string;
}): MailMessage {
  const { t, seller } = documentMailWords(input.content, input.language);
  const { html, text } = mailLayout({
    language: input.language,
    title: input.subject,
    preheader: input.preheader,
    brand: seller,
    blocks: [
      ...openingBlocks(input.intro, input.content.customer.name, input.language),
      ...input.blocks,
      mailBlocks.paragraph(fill(input.attached, { filename: input.pdf.filename }), {
        size: 'small',
        muted: true,
      }),
      mailBlocks.signature(t.kindRegards, seller),
    ],
    footer: fill(t.sentOnBehalf, { seller }),
  });
  return {
    to: input.to,
    cc: input.cc,
    subject: input.subject,
    text,
    html,
    replyTo: input.content.seller.email || undefined,
    messageId: input.messageId,
    attachments: [
      { filename: input.pdf.filename, content: input.pdf.content, contentType: 'application/pdf' },
    ],
  } as MailMessage;
}

/**
 * The e-mail a customer gets with an invoice (mailLayout: a plain-text and a table-based HTML part): the owner's own
 * message, the amount and due date, how to pay, the pay and page links, and the PDF attached, in the invoice's
 * language. `messageId` is the send's, so a repeat of one send is the same message to a mail client.
 */
export function invoiceEmail(input: {
  sendId: string;
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  content: InvoiceContent;
  balance: number;
  /** The customer page link, when the send made one. */
  pageUrl?: string | null;
  /** The customer page's 'Pay {amount}' (issue 31), when the owner takes online payments. */
  onlinePayUrl?: string | null;
  pdf: { filename: string; content: Buffer };
  mailDomain: string;
  /** The invoice's document language (issue 30): the mail is written in it. */
  language?: string;
}): MailMessage {
  const { content } = input;
  const language = input.language ?? 'en';
  const { words, t, label, amount } = documentMailWords(content, language);
  const due = amount(input.balance);
  // "15 February 2026", "15. Februar 2026": as the PDF prints it.
  const dueDate = formatDocumentDate(content.dueDate, language);
  const intro = input.message || invoiceMailDefaults(content, input.balance, language).message;
  const method = content.paymentMethod;
  // The page's checkout first; else a digital method's own link (its "How to pay" line names it in text).
  const payLink =
    input.onlinePayUrl ?? (method?.paymentLink?.startsWith('https://') ? method.paymentLink : null);
  return sentDocumentMail({
    language,
    to: input.to,
    cc: input.cc,
    subject: input.subject,
    preheader: fill(t.preheader, { amount: due, number: content.number, date: dueDate }),
    intro,
    content,
    blocks: [
      mailBlocks.rows(
        [
          [t.invoice, content.number],
          [t.amountDue, due],
          [t.dueDate, dueDate],
        ],
        { label },
      ),
      ...(method ? [mailBlocks.rows(paymentDetailRows(content, words), { title: t.howToPay, label })] : []),
      ...(payLink
        ? [
            mailBlocks.button(payLink, fill(t.pay, { amount: due }), {
              text: input.onlinePayUrl ? `${fill(t.pay, { amount: due })}: ${input.onlinePayUrl}` : null,
            }),
          ]
        : []),
      ...(input.pageUrl
        ? [
            mailBlocks.button(input.pageUrl, t.viewOnline, {
              secondary: payLink !== null,
              text: fill(t.viewOnlineText, { url: input.pageUrl }),
            }),
          ]
        : []),
    ],
    attached: t.attached,
    pdf: input.pdf,
    messageId: `<${invoiceSendMailId(input.sendId)}@${input.mailDomain}>`,
  });
}
