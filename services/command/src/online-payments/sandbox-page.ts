import { formatMoney, money } from '@remit/contracts';
import { escapeHtml } from '@remit/kit';
import { sandboxPage } from '../billing/sandbox-page.js';
import type { SandboxInvoiceSession } from './sandbox.js';

/** The sandbox's checkout of an invoice: what Stripe Checkout on the owner's account shows, as a test. */
export function sandboxInvoiceCheckoutPage(session: SandboxInvoiceSession): string {
  const amount = escapeHtml(formatMoney(money(session.amount, session.currency)));
  const action = `/api/billing/sandbox/invoice-checkout/${encodeURIComponent(session.sessionId)}`;
  const body = session.paid
    ? `<p class="done">This checkout is already paid.</p>
       <a class="button primary" href="${escapeHtml(session.successUrl)}">Continue</a>`
    : `<form method="post" action="${action}/pay"><button class="button primary" type="submit">Pay ${amount}</button></form>
       <form method="post" action="${action}/cancel"><button class="button" type="submit">Cancel</button></form>`;
  return sandboxPage(`    <p class="brand">${escapeHtml(session.payee)}</p>
    <h1>Pay invoice ${escapeHtml(session.invoiceNumber)}</h1>
    <p class="amount">${amount}</p>
    <dl>
      <dt>Invoice</dt><dd>${escapeHtml(session.invoiceNumber)}</dd>
      <dt>Paid to</dt><dd>${escapeHtml(session.payee)}</dd>
      <dt>Card</dt><dd>4242 4242 4242 4242 (test)</dd>
    </dl>
    <div class="actions">${body}</div>`);
}
