import { planPrices } from '@remit/contracts';
import { escapeHtml } from '@remit/kit';
import type { SandboxSession } from './sandbox-provider.js';

const euros = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/**
 * The sandbox's checkout page: what Stripe's hosted checkout shows, clearly marked as a test. Plain HTML
 * and CSS (no script), so it works under the strict CSP and without the PWA.
 */
export function sandboxCheckoutPage(session: SandboxSession): string {
  const plan = planPrices[session.plan];
  const period = plan.interval === 'month' ? 'per month' : plan.interval === 'year' ? 'per year' : 'one-time';
  const what =
    session.mode === 'payment'
      ? 'One invoice, unlocked for good'
      : `Remit Pro, billed ${plan.interval === 'year' ? 'yearly' : 'monthly'} until you cancel`;
  const action = `/api/billing/sandbox/checkout/${encodeURIComponent(session.sessionId)}`;
  const body = session.paid
    ? `<p class="done">This checkout is already paid.</p>
       <a class="button primary" href="${escapeHtml(session.successUrl)}">Continue</a>`
    : `<form method="post" action="${action}/pay"><button class="button primary" type="submit">Pay</button></form>
       <form method="post" action="${action}/cancel"><button class="button" type="submit">Cancel</button></form>`;
  return sandboxPage(`    <p class="brand">Remit</p>
    <h1>Test checkout</h1>
    <p class="amount">${euros(session.amount)} <small>${period}</small></p>
    <dl>
      <dt>Plan</dt><dd>${escapeHtml(plan.name)}</dd>
      <dt>What you get</dt><dd>${escapeHtml(what)}</dd>
      <dt>Amount</dt><dd>${euros(session.amount)} EUR</dd>
    </dl>
    <div class="actions">${body}</div>`);
}

/** The frame's words: English for the owner's own checkout (billing), the invoice's language for a customer. */
export interface SandboxFrameWords {
  lang: string;
  title: string;
  testMode: string;
  testNote: string;
  note: string;
}

const ownerFrame: SandboxFrameWords = {
  lang: 'en',
  title: 'Test checkout · Remit',
  testMode: 'TEST MODE',
  testNote: 'this is a test checkout. No real payment is made.',
  note: 'Remit runs without a payment provider configured, so its built-in sandbox stands in for Stripe. Set STRIPE_SECRET_KEY to take real payments.',
};

/** The sandbox's page frame: a test banner, a card, the note that no provider is configured. */
export function sandboxPage(content: string, words: SandboxFrameWords = ownerFrame): string {
  return `<!doctype html>
<html lang="${escapeHtml(words.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f5f9; color: #0f172a; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 16px; box-shadow: 0 10px 30px rgba(15, 23, 42, .12); overflow: hidden; }
  p { margin: 0; }
  .banner { background: #fef3c7; color: #92400e; font-size: 14px; padding: 10px 20px; border-bottom: 1px solid #fde68a; }
  .banner strong { letter-spacing: .04em; }
  .content { padding: 24px 24px 28px; display: grid; gap: 16px; }
  h1 { font-size: 22px; margin: 0; }
  .brand { font-weight: 700; color: #4f46e5; font-size: 15px; margin: 0; }
  dl { margin: 0; display: grid; grid-template-columns: 1fr auto; gap: 8px 16px; padding: 16px; background: #f8fafc; border-radius: 12px; }
  dt { color: #475569; }
  dd { margin: 0; text-align: right; font-weight: 600; }
  .amount { font-size: 28px; font-weight: 700; }
  .amount small { font-size: 14px; font-weight: 500; color: #475569; }
  .actions { display: grid; gap: 10px; }
  form { margin: 0; }
  .button { display: block; width: 100%; box-sizing: border-box; text-align: center; text-decoration: none; font: inherit; font-weight: 600; font-size: 16px; padding: 12px 16px; border-radius: 10px; border: 1px solid #cbd5e1; background: #fff; color: #0f172a; cursor: pointer; }
  .button.primary { background: #4f46e5; border-color: #4f46e5; color: #fff; }
  .button:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
  .note { font-size: 13px; color: #64748b; margin: 0; }
  .done { margin: 0; color: #166534; }
</style>
</head>
<body>
<main>
  <p class="banner" role="note"><strong>${escapeHtml(words.testMode)}</strong> — ${escapeHtml(words.testNote)}</p>
  <div class="content">
${content}
    <p class="note">${escapeHtml(words.note)}</p>
  </div>
</main>
</body>
</html>`;
}
