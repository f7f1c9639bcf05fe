import {
  type Catalogue,
  catalogue,
  fill,
  formatDocumentDate,
  formatMoney,
  type InvoiceContent,
  labelled,
  money,
} from '@remit/contracts';
import type { MailMessage } from '@remit/kit';

/**
 * The time process's mail (docs/decisions.md, "Getting paid": reminders): the customer's payment reminder
 * and the owner's notifications. HTML (tables and inline styles, as mail clients need) and plain text; a
 * reminder says who asks, how much, by when and how to pay, and nothing else about the owner's account.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** '14 March 2026' (the invoice's own day, read as UTC so no time zone moves it). */
export function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

const groupsOfFour = (value: string) => value.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

const sellerOf = (content: InvoiceContent) => content.seller.companyName || content.seller.name;

/** The payment details the invoice was issued with (its snapshot), reference = the invoice number. */
function howToPay(
  content: InvoiceContent,
  words: Catalogue = catalogue('en'),
): [label: string, value: string][] {
  const labels = words.document;
  const method = content.paymentMethod;
  if (!method) return [[labels.reference, content.number]];
  const rows: [string, string][] = [];
  if (method.type === 'bank_transfer') {
    if (method.bankName) rows.push([labels.bank, method.bankName]);
    if (method.iban) rows.push([labels.iban, groupsOfFour(method.iban)]);
    if (method.swift) rows.push([words === catalogue('en') ? 'BIC / SWIFT' : labels.swift, method.swift]);
    if (method.accountNumber) rows.push([labels.accountNumber, method.accountNumber]);
  } else {
    rows.push([words.mail.method, method.name]);
  }
  rows.push([labels.reference, content.number]);
  if (method.instructions) rows.push([words.mail.instructions, method.instructions]);
  return rows;
}

/** The pay-online link, only when it is an https URL (never a scheme a mail client would run). */
const payLinkOf = (content: InvoiceContent) => {
  const link = content.paymentMethod?.paymentLink;
  return link?.startsWith('https://') ? link : null;
};

function layout(input: {
  title: string;
  preheader: string;
  brand: string;
  body: string;
  footer: string;
  language?: string;
}) {
  return `<!doctype html>
<html lang="${input.language ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;-webkit-font-smoothing:antialiased">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(input.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:40px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px;font-size:15px;font-weight:700;letter-spacing:-0.01em;color:#111827">${escapeHtml(input.brand)}</td></tr>
<tr><td style="background:#ffffff;border:1px solid #e5e7eb;border-radius:14px;padding:36px 36px 32px">
${input.body}
</td></tr>
<tr><td style="padding:20px 8px 0;font-size:12px;line-height:18px;color:#6b7280;text-align:center">${input.footer}</td></tr>
</table></td></tr></table></body></html>`;
}

const button = (href: string, label: string, last = false) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:4px 0 ${last ? 0 : 24}px"><tr><td style="border-radius:8px;background:#4338ca"><a href="${escapeHtml(href)}" style="display:inline-block;padding:13px 24px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(label)}</a></td></tr></table>`;

const detailRows = (rows: [string, string][]) =>
  rows
    .map(
      ([label, value], index) =>
        `<tr><td style="padding:10px 0;${index ? 'border-top:1px solid #f0f1f3;' : ''}font-size:14px;color:#6b7280;width:40%;vertical-align:top">${escapeHtml(label)}</td><td style="padding:10px 0;${index ? 'border-top:1px solid #f0f1f3;' : ''}font-size:14px;font-weight:600;color:#111827;text-align:right;word-break:break-word">${escapeHtml(value)}</td></tr>`,
    )
    .join('');

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Subject and opening line of a reminder, by where the day it is sent stands against the due date (a
 * reminder sent late after downtime says what is true that day, not what its offset meant).
 */
function reminderWording(today: string, content: InvoiceContent, due: string, language = 'en') {
  const t = catalogue(language).mail;
  const dueOn = formatDocumentDate(content.dueDate, language);
  const daysLeft = daysBetween(today, content.dueDate);
  const values = { number: content.number, date: dueOn, amount: due, days: daysLeft };
  if (daysLeft > 0) {
    return {
      subject: fill(t.reminderSoonSubject, values),
      heading: fill(t.reminderSoonHeading, values),
      lead: fill(daysLeft === 1 ? t.reminderSoonLeadOne : t.reminderSoonLead, values),
    };
  }
  if (daysLeft === 0) {
    return {
      subject: fill(t.reminderTodaySubject, values),
      heading: fill(t.reminderTodayHeading, values),
      lead: fill(t.reminderTodayLead, values),
    };
  }
  return {
    subject: fill(t.reminderOverdueSubject, values),
    heading: fill(t.reminderOverdueHeading, values),
    lead: fill(t.reminderOverdueLead, values),
  };
}

/** The customer's payment reminder: the amount due, the due date, how to pay. */
export function reminderEmail(input: {
  content: InvoiceContent;
  /** The day it is sent (yyyy-mm-dd, UTC). */
  today: string;
  to: string;
  balance: number;
  messageId: string;
  /** The invoice's document language (issue 30): the reminder is written in it. */
  language?: string;
}): MailMessage {
  const { content } = input;
  const language = input.language ?? 'en';
  const words = catalogue(language);
  const t = words.mail;
  const overdue = input.today > content.dueDate;
  const seller = sellerOf(content);
  const due = formatMoney(money(input.balance, content.currency), words.locale.money);
  const dueOn = formatDocumentDate(content.dueDate, language);
  const wording = reminderWording(input.today, content, due, language);
  const pay = howToPay(content, words);
  const payLink = payLinkOf(content);
  const closing = t.alreadyPaid;
  const hello = content.customer.name ? fill(t.hello, { name: content.customer.name }) : t.helloThere;
  const text = [
    hello,
    '',
    wording.lead,
    '',
    labelled(t.invoice, content.number, language),
    labelled(t.amountDue, due, language),
    labelled(t.dueDate, dueOn, language),
    '',
    labelled(t.howToPay, '', language).trimEnd(),
    ...pay.map(([label, value]) => labelled(label, value, language)),
    ...(payLink ? [labelled(words.document.payOnline, payLink, language)] : []),
    '',
    closing,
    '',
    t.kindRegards,
    seller,
  ].join('\n');
  const body = `
<p style="margin:0 0 6px;font-size:13px;font-weight:600;letter-spacing:0.06em;text-transform:uppercase;color:${overdue ? '#b45309' : '#4338ca'}">${escapeHtml(t.reminderKicker)}</p>
<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;font-weight:700;color:#111827">${escapeHtml(wording.heading)}</h1>
<p style="margin:0 0 12px;font-size:15px;line-height:24px">${escapeHtml(hello)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:24px">${escapeHtml(wording.lead)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;background:#f9fafb;border:1px solid #e5e7eb;border-radius:10px">
<tr><td style="padding:20px 22px">
<div style="font-size:13px;color:#6b7280">${escapeHtml(t.amountDue)}</div>
<div style="font-size:30px;line-height:38px;font-weight:700;color:#111827;letter-spacing:-0.02em">${escapeHtml(due)}</div>
<div style="font-size:14px;color:#374151;padding-top:4px">${escapeHtml(fill(t.invoiceDue, { number: content.number, date: dueOn }))}</div>
</td></tr></table>
${payLink ? button(payLink, fill(t.pay, { amount: due })) : ''}
<p style="margin:0 0 4px;font-size:15px;font-weight:700;color:#111827">${escapeHtml(t.howToPay)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">${detailRows(pay)}</table>
<p style="margin:0 0 16px;font-size:14px;line-height:22px;color:#374151">${escapeHtml(closing)}</p>
<p style="margin:0;font-size:15px;line-height:24px">${escapeHtml(t.kindRegards)}<br><strong>${escapeHtml(seller)}</strong></p>`;
  return {
    to: input.to,
    subject: wording.subject,
    text,
    html: layout({
      title: wording.subject,
      preheader: fill(t.preheader, { amount: due, number: content.number, date: dueOn }),
      brand: seller,
      body,
      footer: escapeHtml(fill(t.sentOnBehalf, { seller })),
      language,
    }),
    ...(content.seller.email ? { replyTo: content.seller.email } : {}),
    messageId: input.messageId,
  };
}

/** The owner's notification: the customer first opened the invoice's page, or the invoice became overdue. */
export function ownerNotificationEmail(input: {
  kind: 'first_view' | 'overdue';
  to: string;
  ownerName: string;
  content: InvoiceContent;
  balance: number;
  dashboardUrl: string;
  messageId: string;
}): MailMessage {
  const { content } = input;
  const customer = content.customer.companyName || content.customer.name || 'Your customer';
  const due = formatMoney(money(input.balance, content.currency));
  const dueOn = longDate(content.dueDate);
  const wording =
    input.kind === 'first_view'
      ? {
          subject: `${customer} viewed invoice ${content.number}`,
          heading: `${customer} opened invoice ${content.number}`,
          lead: `${customer} opened the link to invoice ${content.number} for the first time. The History tab of the invoice shows every visit.`,
        }
      : {
          subject: `Invoice ${content.number} is overdue`,
          heading: `Invoice ${content.number} is overdue`,
          lead: `Invoice ${content.number} to ${customer} was due on ${dueOn} and ${due} is still unpaid.`,
        };
  const rows: [string, string][] = [
    ['Customer', customer],
    ['Invoice', content.number],
    ['Balance due', due],
    ['Due date', dueOn],
  ];
  const text = [
    `Hello ${input.ownerName || 'there'},`,
    '',
    wording.lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open Remit: ${input.dashboardUrl}`,
    '',
    'You can turn these e-mails off under Reminders on your profile.',
  ].join('\n');
  const body = `
<h1 style="margin:0 0 16px;font-size:21px;line-height:28px;font-weight:700;color:#111827">${escapeHtml(wording.heading)}</h1>
<p style="margin:0 0 12px;font-size:15px;line-height:24px">Hello ${escapeHtml(input.ownerName || 'there')},</p>
<p style="margin:0 0 20px;font-size:15px;line-height:24px">${escapeHtml(wording.lead)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">${detailRows(rows)}</table>
${button(input.dashboardUrl, 'Open your invoices', true)}`;
  return {
    to: input.to,
    subject: wording.subject,
    text,
    html: layout({
      title: wording.subject,
      preheader: wording.lead,
      brand: 'Remit',
      body,
      footer: 'You get this because notifications are on. Turn them off under Reminders on your profile.',
    }),
    messageId: input.messageId,
  };
}
