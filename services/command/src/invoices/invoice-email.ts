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
  paymentDetailLines,
  paymentDetailsOf,
} from '@remit/contracts';
import type { MailMessage } from '@remit/kit';

// The page link is the mail's main action unless there is a payment link, which then comes first.
const primaryButton =
  'display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:8px';
const secondaryButton =
  'display:inline-block;border:1px solid #4f46e5;color:#4338ca;text-decoration:none;font-weight:600;font-size:16px;padding:11px 21px;border-radius:8px';

/** "2026-02-15" → "15 February 2026", as the PDF prints it: unambiguous in every country. */
export const longDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const greets = (message: string) =>
  /^\s*(hello|hi|hey|dear|good (morning|afternoon|evening)|greetings|bonjour|bonsoir|madame|monsieur|cher|chère|hallo|guten tag|sehr geehrte|liebe|lieber|hola|estimad[oa]|buongiorno|buonasera|gentile|ciao|beste|geachte|goedendag|goedemorgen|hoi)(?![\p{L}])/iu.test(
    message,
  );

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The e-mail a customer gets with an invoice: a plain-text part and a table-based HTML part, the owner's own
 * message, the amount and due date, and the PDF attached. `messageId` is the send's, so a repeat of one send
 * is the same message to a mail client.
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
  const words = catalogue(language);
  const t = words.mail;
  const seller = content.seller.companyName || content.seller.name;
  const due = formatMoney(money(input.balance, content.currency), words.locale.money);
  // "15 February 2026", "15. Februar 2026": as the PDF prints it.
  const dueDate = formatDocumentDate(content.dueDate, language);
  const intro = input.message || invoiceMailDefaults(content, input.balance, language).message;
  // The owner's own message often greets the customer already; one greeting is enough.
  const greeting = greets(intro)
    ? null
    : content.customer.name
      ? fill(t.hello, { name: content.customer.name })
      : t.helloThere;
  const method = content.paymentMethod;
  // The customer page's rule (paymentDetailLines): grouped IBAN, the invoice number as reference.
  const details = paymentDetailsOf(content);
  const howToPay = details
    ? [
        ...paymentDetailLines(details, words.page).map(({ label, value }) =>
          labelled(label, value, language),
        ),
        ...(details.instructions ? [details.instructions] : []),
      ]
    : [];
  const text = [
    ...(greeting ? [greeting, ''] : []),
    intro,
    '',
    labelled(t.invoice, content.number, language),
    labelled(t.amountDue, due, language),
    labelled(t.dueDate, dueDate, language),
    ...(howToPay.length ? ['', labelled(t.howToPay, '', language).trimEnd(), ...howToPay] : []),
    ...(input.onlinePayUrl ? ['', `${fill(t.pay, { amount: due })}: ${input.onlinePayUrl}`] : []),
    ...(input.pageUrl ? ['', fill(t.viewOnlineText, { url: input.pageUrl })] : []),
    '',
    `— ${seller}`,
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`;
  const payLink =
    input.onlinePayUrl ?? (method?.paymentLink?.startsWith('https://') ? method.paymentLink : null);
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
${row(t.invoice, content.number)}${row(t.amountDue, due)}${row(t.dueDate, dueDate)}
</table></td></tr>
${howToPay.length ? `<tr><td style="font-size:14px;line-height:22px;padding-bottom:20px"><strong>${escapeHtml(t.howToPay)}</strong><br>${howToPay.map(escapeHtml).join('<br>')}</td></tr>` : ''}
${payLink ? `<tr><td style="padding-bottom:20px"><a href="${escapeHtml(payLink)}" style="${primaryButton}">${escapeHtml(fill(t.pay, { amount: due }))}</a></td></tr>` : ''}
${input.pageUrl ? `<tr><td style="padding-bottom:20px"><a href="${escapeHtml(input.pageUrl)}" style="${payLink ? secondaryButton : primaryButton}">${escapeHtml(t.viewOnline)}</a></td></tr>` : ''}
<tr><td style="font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(fill(t.attached, { filename: input.pdf.filename }))}</td></tr>
</table></td></tr></table></body></html>`;
  return {
    to: input.to,
    cc: input.cc,
    subject: input.subject,
    text,
    html,
    replyTo: content.seller.email || undefined,
    messageId: `<${invoiceSendMailId(input.sendId)}@${input.mailDomain}>`,
    attachments: [
      { filename: input.pdf.filename, content: input.pdf.content, contentType: 'application/pdf' },
    ],
  } as MailMessage;
}
