import { createHash } from 'node:crypto';
import { POSITION_HEADER } from '@remit/contracts';

/**
 * The customer page's only script (about 2 KB), plain JavaScript served from this origin (the CSP allows no
 * inline script). It does what needs the browser:
 * - counts the visit as the app's page did: asking the page's data with the session of whoever is signed in
 *   here, so the owner's own look is not the customer's view;
 * - 'Pay {amount}': one checkout per press (busy until the browser leaves for it);
 * - back from checkout (`?checkout=return&session_id=…`): confirms with the provider through the server,
 *   clears the address, and shows the page again once the read side has the payment;
 * - the owner's bar, shown only to the signed-in owner: 'Mark as paid' (the whole balance, today).
 */
const source = `(() => {
  const root = document.querySelector('[data-token]');
  if (!root) return;
  const token = root.dataset.token;
  // The invoice language's words for what happens around checkout (page.ts writes them; English when absent).
  const words = Object.assign({
    confirming: 'Confirming your payment…',
    received: 'Payment received. Thank you!',
    processing: 'Your payment is being processed; this page will show it once it is confirmed.',
    nothingDue: 'This invoice is already paid.',
    unavailable: 'This invoice cannot be paid online right now.',
    failed: 'The payment could not be started. Please try again in a moment.',
    notConfirmed: 'Your payment could not be confirmed yet. If you paid, this page will show it shortly.',
  }, JSON.parse(root.dataset.words || '{}'));
  // A refused checkout in the customer's words: the server's are the API's English.
  const refusalOf = async (response) => {
    if (!response) return words.failed;
    const body = await response.json().catch(() => ({}));
    if (body.code === 'nothing_due') return words.nothingDue;
    if (body.code === 'not_connected' || response.status === 404) return words.unavailable;
    return words.failed;
  };
  const base = '/api/public/invoices/' + encodeURIComponent(token);
  const session = localStorage.getItem('token');
  const json = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const auth = session ? { Authorization: 'Bearer ' + session } : {};
  const notice = (tone, text) => {
    const slot = document.querySelector('[data-notice]');
    if (!slot) return;
    const box = document.createElement('div');
    box.className = 'alert ' + tone;
    box.setAttribute('role', tone === 'error' ? 'alert' : 'status');
    box.textContent = text;
    slot.replaceChildren(box);
  };
  const errorOf = async (response, fallback) => {
    const body = await response.json().catch(() => ({}));
    return typeof body.error === 'string' ? body.error : fallback + ' (' + response.status + ')';
  };
  // The view, as the app asked it: with a signed-in session (the owner's look is not a view), else without.
  const view = async (position) => {
    const headers = Object.assign({ Accept: 'application/json' }, auth);
    if (position) headers['${POSITION_HEADER}'] = position;
    let response = await fetch(base, { headers });
    if (response.status === 401 && session) response = await fetch(base, { headers: { Accept: 'application/json' } });
    return response.ok ? response.json() : null;
  };
  // The page as the server writes it now, in place of the old one (the owner's bar and notices stay).
  const refresh = async () => {
    const response = await fetch(location.pathname, { headers: { Accept: 'text/html' } });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('main');
    const slot = document.querySelector('[data-notice]');
    const main = document.querySelector('main');
    if (fresh && main) {
      const kept = slot && slot.firstChild;
      main.replaceWith(fresh);
      const freshSlot = fresh.querySelector('[data-notice]');
      if (kept && freshSlot) freshSlot.replaceChildren(kept);
      wirePay();
    }
  };
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const untilSettled = async (position) => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const data = await view(position);
      if (!data || data.settled) return;
      await wait(1000);
    }
  };
  function wirePay() {
    const pay = document.querySelector('[data-pay]');
    if (!pay) return;
    pay.addEventListener('click', async () => {
      if (pay.getAttribute('aria-busy') === 'true') return;
      pay.setAttribute('aria-busy', 'true');
      pay.disabled = true;
      const response = await fetch(base + '/checkout', { method: 'POST', headers: json, body: '{}' }).catch(() => null);
      if (response && response.ok) {
        const answer = await response.json();
        location.assign(answer.url);
        return;
      }
      pay.removeAttribute('aria-busy');
      pay.disabled = false;
      const slot = document.querySelector('[data-pay-error]');
      const message = await refusalOf(response);
      if (slot) slot.innerHTML = '<div class="alert error" role="alert"></div>';
      if (slot) slot.firstChild.textContent = message;
    });
  }
  async function checkoutReturn() {
    const params = new URLSearchParams(location.search);
    const sessionId = params.get('checkout') === 'return' ? params.get('session_id') : null;
    if (!sessionId) return;
    history.replaceState(null, '', location.pathname);
    notice('info', words.confirming);
    document.querySelectorAll('[data-pay]').forEach((button) => button.remove());
    const response = await fetch(base + '/confirm', { method: 'POST', headers: json, body: JSON.stringify({ sessionId }) }).catch(() => null);
    if (!response || !response.ok) {
      notice('error', words.notConfirmed);
      return;
    }
    const answer = await response.json();
    if (!answer.paid) {
      notice('info', words.processing);
      return;
    }
    notice('success', words.received);
    if (answer.settled) await untilSettled(response.headers.get('${POSITION_HEADER}'));
    await refresh();
  }
  async function ownerBar() {
    if (!session) return;
    const response = await fetch('/api/shared-invoices/' + encodeURIComponent(token), { headers: Object.assign({ Accept: 'application/json' }, auth) });
    if (!response.ok) return;
    const { invoiceId } = await response.json();
    const bar = document.querySelector('aside.owner');
    if (!bar) return;
    bar.hidden = false;
    const mark = bar.querySelector('[data-mark-paid]');
    if (!mark) return;
    // One press, one payment: the key is made once and kept until the server answers.
    const key = crypto.randomUUID();
    mark.addEventListener('click', async () => {
      if (mark.getAttribute('aria-busy') === 'true') return;
      mark.setAttribute('aria-busy', 'true');
      mark.disabled = true;
      const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60000).toISOString().slice(0, 10);
      const sent = await fetch('/api/invoices/' + encodeURIComponent(invoiceId) + '/payments', {
        method: 'POST',
        headers: Object.assign({ 'Idempotency-Key': key }, json, auth),
        body: JSON.stringify({ date: today }),
      }).catch(() => null);
      if (!sent || !sent.ok) {
        mark.removeAttribute('aria-busy');
        mark.disabled = false;
        notice('error', sent ? await errorOf(sent, 'The invoice could not be marked as paid') : 'The invoice could not be marked as paid: the server cannot be reached.');
        return;
      }
      await view(sent.headers.get('${POSITION_HEADER}'));
      mark.remove();
      await refresh();
    });
  }
  wirePay();
  void view();
  void ownerBar();
  void checkoutReturn();
})();
`;

/** The script and the address it is served at: its content's hash, so a browser may keep it for a year. */
export const customerPageScript = {
  source,
  path: `/i/customer-page.${createHash('sha256').update(source).digest('hex').slice(0, 12)}.js`,
};
