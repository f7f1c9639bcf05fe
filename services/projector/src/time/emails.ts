import {
  catalogue,
  fill,
  formatDocumentDate,
  formatMoney,
  type InvoiceContent,
  labelled,
  money,
  paymentDetailRows,
} from '@remit/contracts';
import { type MailMessage, mailBlocks, mailLayout } from '@remit/kit';

/**
 * The time process's mail (docs/decisions.md, "Getting paid": reminders): the customer's payment reminder
 * and the owner's notifications, in the mails' one layout (mailLayout). A reminder says who asks, how much, by
 * when and how to pay, and nothing else about the owner's account.
 */

/** '14 March 2026' (the invoice's own day, read as UTC so no time zone moves it): the owner's mails are English. */
const longDate = (isoDate: string) => formatDocumentDate(isoDate, 'en');

const sellerOf = (content: InvoiceContent) => content.seller.companyName || content.seller.name;

/** The pay-online link, only when it is an https URL (never a scheme a mail client would run). */
const payLinkOf = (content: InvoiceContent) => {
  const link = content.paymentMethod?.paymentLink;
  return link?.startsWith('https://') ? link : null;
};

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
  const payLink = payLinkOf(content);
  const label = (name: string, value: string) => labelled(name, value, language);
  const { html, text } = mailLayout({
    language,
    title: wording.subject,
    preheader: fill(t.preheader, { amount: due, number: content.number, date: dueOn }),
    brand: seller,
    blocks: [
      mailBlocks.heading(wording.heading, {
        text: t.reminderKicker,
        colour: overdue ? '#b45309' : '#4338ca',
      }),
      mailBlocks.paragraph(
        content.customer.name ? fill(t.hello, { name: content.customer.name }) : t.helloThere,
      ),
      mailBlocks.paragraph(wording.lead),
      mailBlocks.amount(
        t.amountDue,
        due,
        fill(t.invoiceDue, { number: content.number, date: dueOn }),
        [label(t.invoice, content.number), label(t.amountDue, due), label(t.dueDate, dueOn)].join('\n'),
      ),
      ...(payLink
        ? [
            mailBlocks.button(payLink, fill(t.pay, { amount: due }), {
              text: label(words.document.payOnline, payLink),
            }),
          ]
        : []),
      mailBlocks.rows(paymentDetailRows(content, words), { title: t.howToPay, label }),
      mailBlocks.paragraph(t.alreadyPaid, { muted: true }),
      mailBlocks.signature(t.kindRegards, seller),
    ],
    footer: fill(t.sentOnBehalf, { seller }),
  });
  return {
    to: input.to,
    subject: wording.subject,
    text,
    html,
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
  const { html, text } = mailLayout({
    language: 'en',
    title: wording.subject,
    preheader: wording.lead,
    brand: 'Remit',
    blocks: [
      mailBlocks.heading(wording.heading),
      mailBlocks.paragraph(`Hello ${input.ownerName || 'there'},`),
      mailBlocks.paragraph(wording.lead),
      mailBlocks.rows(rows),
      mailBlocks.button(input.dashboardUrl, 'Open your invoices', {
        text: `Open Remit: ${input.dashboardUrl}`,
      }),
    ],
    footer: 'You get this because notifications are on. Turn them off under Reminders on your profile.',
  });
  return { to: input.to, subject: wording.subject, text, html, messageId: input.messageId };
}
