import {
  catalogue,
  fill,
  formatDocumentDate,
  formatMoney,
  type InvoiceRecord,
  labelled,
  money,
} from '@remit/contracts';
import type { MailMessage } from '@remit/kit';
import { escapeHtml } from '@remit/kit';
import { greets } from '../invoices/invoice-email.js';

/**
 * The e-mail a customer gets with a credit note (issue 27): what it corrects, the amount credited, that nothing is
 * to be paid for it, and the PDF attached, in the credit note's language (issue 30). Like an invoice's, a plain-text and a table-based HTML part;
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
  const words = catalogue(language);
  const t = words.mail;
  const seller = content.seller.companyName || content.seller.name;
  const amount = formatMoney(money(content.total, content.currency), words.locale.money);
  // A credit note always names the invoice it corrects (BG-3).
  const corrected = content.eInvoice.precedingInvoice;
  const invoice = corrected?.number ?? '';
  const date = corrected ? formatDocumentDate(corrected.issueDate, language) : '';
  const intro = input.message || fill(t.creditNoteIntro, { number: content.number, amount, invoice, date });
  const greeting = greets(intro)
    ? null
    : content.customer.name
      ? fill(t.hello, { name: content.customer.name })
      : t.helloThere;
  const rows: [string, string][] = [
    [t.creditNote, content.number],
    [t.corrects, fill(t.correctsValue, { number: invoice, date })],
    [t.amountCredited, amount],
  ];
  const text = [
    ...(greeting ? [greeting, ''] : []),
    intro,
    '',
    ...rows.map(([label, value]) => labelled(label, value, language)),
    '',
    t.nothingToPay,
    '',
    `— ${seller}`,
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;padding-bottom:20px">${escapeHtml(seller)}</td></tr>
${greeting ? `<tr><td style="font-size:16px;line-height:24px;padding-bottom:12px">${escapeHtml(greeting)}</td></tr>` : ''}
<tr><td style="font-size:16px;line-height:24px;padding-bottom:20px;white-space:pre-line">${escapeHtml(intro)}</td></tr>
<tr><td style="padding-bottom:20px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb">
${rows.map(([label, value]) => row(label, value)).join('')}
</table></td></tr>
<tr><td style="font-size:14px;line-height:22px;padding-bottom:20px">${escapeHtml(t.nothingToPay)}</td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(fill(t.creditNoteAttached, { filename: input.pdf.filename }))}</td></tr>
</table></td></tr></table></body></html>`;
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
