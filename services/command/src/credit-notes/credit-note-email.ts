import { creditNoteMailDefaults, fill, formatDocumentDate, type InvoiceRecord } from '@remit/contracts';
import { type MailMessage, mailBlocks } from '@remit/kit';
import { documentMailWords, sentDocumentMail } from '../invoices/invoice-email.js';

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
  const { t, label, amount: inCurrency } = documentMailWords(content, language);
  const amount = inCurrency(content.total);
  // A credit note always names the invoice it corrects (BG-3).
  const corrected = content.eInvoice.precedingInvoice;
  const invoice = corrected?.number ?? '';
  const date = corrected ? formatDocumentDate(corrected.issueDate, language) : '';
  const intro = input.message || creditNoteMailDefaults(content).message;
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
          [t.creditNote, content.number],
          [t.corrects, fill(t.correctsValue, { number: invoice, date })],
          [t.amountCredited, amount],
        ],
        { label },
      ),
      mailBlocks.paragraph(t.nothingToPay),
    ],
    attached: t.creditNoteAttached,
    pdf: { filename: input.pdf.filename, content: input.pdf.pdf },
    messageId: `<credit-note-send-${input.sendId}@${input.mailDomain}>`,
  });
}
