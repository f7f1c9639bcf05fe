import { creditNoteMailDefaults, fill, formatDocumentDate, type InvoiceRecord } from '@remit/contracts';
import { type MailMessage, mailBlocks, mailLayout } from '@remit/kit';
import { documentMailWords, openingBlocks } from '../invoices/invoice-email.js';

/**
 * The e-mail a customer gets with a credit note (issue 27): what it corrects, the amount credited, that nothing is
 * to be paid for it, and the PDF attached, in the credit note's language (issue 30), in the mails' one layout.
 * `messageId` is the send's, so a repeat of one send is the same message to a mail client.
 */
export function creditNoteEmail(input: {
  sendId: string;
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  content: InvoiceRecord;
  pdf: { filename: string; pdf: Buffer };
  mailDomain: string;
}): MailMessage {
  const { content } = input;
  const language = content.eInvoice.language ?? 'en';
  const { t, seller, label, amount: inCurrency } = documentMailWords(content, language);
  const amount = inCurrency(content.total);
  // A credit note always names the invoice it corrects (BG-3).
  const corrected = content.eInvoice.precedingInvoice;
  const invoice = corrected?.number ?? '';
  const date = corrected ? formatDocumentDate(corrected.issueDate, language) : '';
  const intro = input.message || creditNoteMailDefaults(content).message;
  const { html, text } = mailLayout({
    language,
    title: input.subject,
    preheader: intro,
    brand: seller,
    blocks: [
      ...openingBlocks(intro, content.customer.name, language),
      mailBlocks.rows(
        [
          [t.creditNote, content.number],
          [t.corrects, fill(t.correctsValue, { number: invoice, date })],
          [t.amountCredited, amount],
        ],
        { label },
      ),
      mailBlocks.paragraph(t.nothingToPay),
      mailBlocks.paragraph(fill(t.creditNoteAttached, { filename: input.pdf.filename }), {
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
    replyTo: content.seller.email || undefined,
    messageId: `<credit-note-send-${input.sendId}@${input.mailDomain}>`,
    attachments: [{ filename: input.pdf.filename, content: input.pdf.pdf, contentType: 'application/pdf' }],
  } as MailMessage;
}
