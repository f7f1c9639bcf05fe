import { catalogue, fill, formatMoney, isDocumentLanguage, money } from '@remit/contracts';
import { escapeHtml } from '@remit/kit';
import { sandboxPage } from '../billing/sandbox-page.js';
import type { SandboxInvoiceSession } from './sandbox.js';

/**
 * The sandbox's checkout of an invoice: what Stripe Checkout on the owner's account shows, as a test, in the
 * invoice's language (the customer reads it).
 */
export function sandboxInvoiceCheckoutPage(session: SandboxInvoiceSession, language: string): string {
  const words = catalogue(language);
  const t = words.checkout.sandbox;
  const shown = formatMoney(money(session.amount, session.currency), words.locale.money);
  const amount = escapeHtml(shown);
  const number = escapeHtml(session.invoiceNumber);
  const action = `/api/billing/sandbox/invoice-checkout/${encodeURIComponent(session.sessionId)}`;
  const body = session.paid
    ? `<p class="done">${escapeHtml(t.alreadyPaid)}</p>
       <a class="button primary" href="${escapeHtml(session.successUrl)}">${escapeHtml(t.continue)}</a>`
    : `<form method="post" action="${action}/pay"><button class="button primary" type="submit">${escapeHtml(fill(words.checkout.pay, { amount: shown }))}</button></form>
       <form method="post" action="${action}/cancel"><button class="button" type="submit">${escapeHtml(t.cancel)}</button></form>`;
  const frame = {
    lang: isDocumentLanguage(language) ? language : 'en',
    title: t.title,
    testMode: t.testMode,
    testNote: t.testNote,
    note: t.noProvider,
  };
  return sandboxPage(
    `    <p class="brand">${escapeHtml(session.payee)}</p>
    <h1>${escapeHtml(fill(t.heading, { number: session.invoiceNumber }))}</h1>
    <p class="amount">${amount}</p>
    <dl>
      <dt>${escapeHtml(t.invoice)}</dt><dd>${number}</dd>
      <dt>${escapeHtml(t.paidTo)}</dt><dd>${escapeHtml(session.payee)}</dd>
      <dt>${escapeHtml(t.card)}</dt><dd>${escapeHtml(fill(t.testCard, { card: '4242 4242 4242 4242' }))}</dd>
    </dl>
    <div class="actions">${body}</div>`,
    frame,
  );
}
