import { formatMoney, type InvoiceRecord, money } from '@remit/contracts';
import type { MailMessage } from '@remit/kit';

const button =
  'display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:8px';

/** "2026-02-15" → "15 February 2026", as the PDF prints it. */
const longDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, rows: string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
${rows.join('\n')}
</table></td></tr></table></body></html>`;
}
const textRow = (text: string, style = 'font-size:16px;line-height:24px;padding-bottom:16px') =>
  `<tr><td style="${style};white-space:pre-line">${escapeHtml(text)}</td></tr>`;

/** The mail a customer gets with a quote: the owner's message, the total, valid until, the page link and the PDF. */
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
  const seller = content.seller.companyName || content.seller.name;
  const total = formatMoney(money(content.total, content.currency));
  const until = longDate(input.validUntil);
  const intro =
    input.message ||
    `Hello ${content.customer.name},\n\nPlease find attached quote ${content.number} for ${total}, valid until ${until}. You can accept or decline it online.`;
  const text = [
    intro,
    '',
    `Quote: ${content.number}`,
    `Total: ${total}`,
    `Valid until: ${until}`,
    '',
    `View, accept or decline the quote online: ${input.pageUrl}`,
    '',
    `— ${seller}`,
  ].join('\n');
  const html = page(input.subject, [
    textRow(seller, 'font-size:20px;font-weight:700;padding-bottom:20px'),
    textRow(intro),
    textRow(
      `Quote ${content.number} · ${total} · valid until ${until}`,
      'font-size:15px;padding-bottom:20px',
    ),
    `<tr><td style="padding-bottom:20px"><a href="${escapeHtml(input.pageUrl)}" style="${button}">View and accept the quote</a></td></tr>`,
    textRow(`The quote is attached as a PDF (${input.pdf.filename}).`, 'font-size:13px;color:#6b7280'),
  ]);
  return {
    to: input.to,
    cc: input.cc,
    subject: input.subject,
    text,
    html,
    replyTo: content.seller.email || undefined,
    messageId: `<quote-send-${input.sendId}@${input.mailDomain}>`,
    attachments: [
      { filename: input.pdf.filename, content: input.pdf.content, contentType: 'application/pdf' },
    ],
  } as MailMessage;
}

/** The owner's mail when the customer accepted or declined a quote on its page. */
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
  const lines = [
    `Hello ${input.ownerName},`,
    '',
    `${name} ${verb} quote ${content.number} (${total}) for ${content.customer.companyName || content.customer.name}.`,
    ...(note ? ['', `Their note: ${note}`] : []),
    '',
    accepted
      ? `Convert it to an invoice when you are ready: ${input.quoteUrl}`
      : `Open the quote: ${input.quoteUrl}`,
  ];
  const html = page(subject, [
    ...lines.filter(Boolean).map((line) => textRow(line)),
    `<tr><td><a href="${escapeHtml(input.quoteUrl)}" style="${button}">Open the quote</a></td></tr>`,
  ]);
  return { to: [input.to], subject, text: lines.join('\n'), html, messageId: input.messageId } as MailMessage;
}
