import { catalogue, fill, type PublicInvoiceView, paymentDetailLines } from '@remit/contracts';
import { escapeHtml as h } from '@remit/kit';
import { interFaces, interPreload } from './fonts.js';
import { customerPageStyles } from './styles.js';
import { type PageWords, pageWords } from './words.js';

/** Where the page's parts are, as the web app's api/customer-page.ts names them. */
export const publicInvoicePath = (token: string) => `/api/public/invoices/${encodeURIComponent(token)}`;

/** What the page says of a checkout the customer came back from (`?checkout=…`), before its script asks. */
export type CheckoutReturn = 'return' | 'cancelled' | null;

const sellerName = (view: PublicInvoiceView) => view.seller.companyName || view.seller.name;

const toneOf = (view: PublicInvoiceView) =>
  view.settled ? 'paid' : view.status === 'void' ? 'void' : view.status === 'overdue' ? 'overdue' : 'open';

/** A status line as the app's Alert draws it (role status; errors are alerts). */
export const notice = (tone: 'info' | 'success' | 'error', text: string) =>
  `<div class="alert ${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${h(text)}</div>`;

function documentShell(options: { language: string; title: string; body: string; script?: string }): string {
  return `<!doctype html>
<html lang="${h(options.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${h(options.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${interPreload}
<style>${interFaces}
${customerPageStyles}</style>
</head>
<body>
${options.body}
${options.script ? `<script src="${h(options.script)}" defer></script>` : ''}
</body>
</html>`;
}

/** The page for a link that opens nothing: one answer for a wrong, stopped or locked link. */
export function notFoundPage(): string {
  const t = catalogue('en').page;
  return documentShell({
    language: 'en',
    title: 'Invoice',
    body: `<div class="page"><main><div class="center"><h1>${h(t.notValid)}</h1><p>${h(t.notValidHint)}</p></div></main></div>`,
  });
}

function paymentDetails(payment: NonNullable<PublicInvoiceView['payment']>, t: PageWords['t']): string {
  const instructions = payment.instructions ? `<p>${h(payment.instructions)}</p>` : '';
  if (payment.type === 'digital') {
    const link = /^https?:\/\//i.test(payment.paymentLink)
      ? `<a class="pay-link" href="${h(payment.paymentLink)}" rel="noopener noreferrer" target="_blank">${h(
          payment.name ? fill(t.payWith, { method: payment.name }) : t.payWithLink,
        )}</a>`
      : `<p>${h(payment.paymentLink)}</p>`;
    return `<div>${instructions}${link}<p>${h(t.reference)}: ${h(payment.reference)}</p></div>`;
  }
  // The sent e-mail's 'How to pay' follows the same rule (paymentDetailLines).
  const rows = paymentDetailLines(payment, t)
    .map(({ label, value }) => `<div class="row"><dt>${h(label)}</dt><dd>${h(value)}</dd></div>`)
    .join('');
  return `<dl class="details">${rows}</dl>${instructions}`;
}

function creditNotes(view: PublicInvoiceView, token: string, { t, money, date }: PageWords): string {
  if (view.creditNotes.length === 0) return '';
  const items = view.creditNotes
    .map(
      (note) => `<li><div>${h(note.number)}<span>${h(date(note.issueDate))} · ${h(note.reason)}</span></div>
<strong>−${h(money(note.total))}</strong>
<a href="${h(`${publicInvoicePath(token)}/credit-notes/${encodeURIComponent(note.id)}/pdf`)}" download>${h(
        fill(t.downloadDocument, { number: note.number }),
      )}</a></li>`,
    )
    .join('');
  return `<section class="card" aria-labelledby="credit-notes-heading"><h2 id="credit-notes-heading">${h(
    t.creditNotes,
  )}</h2><ul class="credit-notes">${items}</ul></section>`;
}

/**
 * The customer page `/i/{token}` (issue 14) as the server writes it: no sign-in and no way into the app — the
 * seller's name, the invoice as its PDF draws it (the Typst preview in a sandboxed frame), the amount due, how
 * to pay, Download PDF and, where the owner takes cards, 'Pay {amount}'. Its one small script (script.ts) does
 * what needs the browser: the button, the return from checkout and the owner's bar.
 */
export function customerPage(
  view: PublicInvoiceView,
  token: string,
  checkout: CheckoutReturn,
  script: string,
) {
  const words = pageWords(view);
  const { t, money, date } = words;
  const voided = view.status === 'void';
  const settled = view.settled;
  const payOnline = view.payOnline && !settled && !voided;
  const open = view.balance > 0 && !settled && !voided;
  const heading = fill(t.heading, { number: view.number });
  const badge = `<span class="badge ${toneOf(view)}">${h(t.status[view.status])}</span>`;
  const dates = voided
    ? `<p>${h(fill(t.cancelledBy, { seller: sellerName(view) }))}</p>`
    : `<dl class="dates"><dt>${h(t.due)}</dt><dd>${h(date(view.dueDate))}</dd><dt>${h(t.issued)}</dt><dd>${h(
        date(view.issueDate),
      )}</dd></dl>`;
  const paidOf =
    view.amountPaid > 0 && !settled
      ? `<p>${h(fill(t.paidOf, { paid: money(view.amountPaid), total: money(view.total) }))}</p>`
      : '';
  // What is said around checkout, in the invoice's language; the script reads its words from `data-words`.
  const said = catalogue(view.language).checkout;
  const { sandbox: _sandbox, pay: payWords, ...scriptWords } = said;
  const pay = payOnline
    ? `<button type="button" class="button primary large" data-pay>${h(fill(payWords, { amount: money(view.balance) }))}</button><div data-pay-error></div>`
    : '';
  const howToPay =
    !settled && !voided && view.payment
      ? `<section class="card" aria-labelledby="pay-heading"><h2 id="pay-heading">${h(t.howToPay)}</h2>${paymentDetails(view.payment, t)}</section>`
      : '';
  const ownerBar = `<aside class="owner" aria-label="Owner view" hidden>
<p><strong>Your invoice.</strong> Only you see this bar; your customer sees the page below.</p>
<div>${open ? '<button type="button" class="button primary" data-mark-paid>Mark as paid</button>' : ''}<a class="button secondary" href="/">Back to dashboard</a></div>
</aside>`;
  const body = `<div class="page" data-token="${h(token)}" data-number="${h(view.number)}" data-words="${h(
    JSON.stringify(scriptWords),
  )}">
${ownerBar}
<header class="top"><p>${h(sellerName(view))}</p></header>
<main class="main">
<section class="card" aria-label="${h(catalogue(view.language).document.invoice)}">
<h1>${h(heading)}</h1>
${settled ? `<p class="stamp">${h(t.paidStamp)}</p>` : ''}
<iframe class="frame" title="${h(heading)}" src="${h(`${publicInvoicePath(token)}/preview`)}" sandbox=""></iframe>
</section>
<div class="side">
<section class="card" aria-labelledby="due-heading">
<div class="notice" data-notice>${checkout === 'cancelled' ? notice('info', said.cancelled) : ''}</div>
<h2 id="due-heading">${h(settled ? t.paidInFull : voided ? t.nothingToPay : t.amountDue)}</h2>
<p class="due">${voided ? `<s>${h(money(view.total))}</s>` : h(money(settled ? view.total : view.balance))}</p>
<p>${badge}</p>
${dates}${paidOf}
<div class="stack">${pay}<a class="download${payOnline ? ' secondary' : ''}" href="${h(
    `${publicInvoicePath(token)}/pdf`,
  )}" download>${h(t.downloadPdf)}</a></div>
</section>
${creditNotes(view, token, words)}
${howToPay}
</div>
</main>
</div>`;
  return documentShell({
    language: view.language,
    title: fill(t.title, { number: view.number, seller: sellerName(view) }),
    body,
    script,
  });
}
