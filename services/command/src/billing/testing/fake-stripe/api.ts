import type { IncomingMessage, ServerResponse } from 'node:http';
import { id, type Json, nowSeconds, parseStripeForm, type StripeState } from './state.js';

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

/** The fake's HTTP API: the routes of Stripe's that Remit calls, answered from and into `state`. */
export function stripeApi(state: StripeState) {
  const {
    requests,
    customers,
    sessions,
    subscriptions,
    accounts,
    paymentIntents,
    charges,
    balanceTransactions,
    refunds,
    disputes,
    idempotent,
  } = state;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const body = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : await read(req));
    const account = (req.headers['stripe-account'] as string | undefined) ?? null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, account });
    const replayKey = idempotencyKey && req.method === 'POST' ? `${account ?? ''} ${idempotencyKey}` : null;
    const replayed = replayKey ? idempotent.get(replayKey) : undefined;
    const send = (status: number, json: Json) => {
      if (replayKey && !replayed) idempotent.set(replayKey, { status, json });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
    if (replayed) {
      res.writeHead(replayed.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      res.end(JSON.stringify(replayed.json));
      return;
    }
    const own = (object: Json | undefined) =>
      object !== undefined && ((object.account as string | null | undefined) ?? null) === account;
    const expanded = (body.expand as string[] | undefined) ?? [];
    const missing = () =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' },
      });
    const [, version, resource, objectId, ...rest] = url.pathname.split('/');
    if (version !== 'v1') return missing();

    if (resource === 'customers' && req.method === 'POST' && !objectId) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (resource === 'checkout' && objectId === 'sessions') {
      const sessionId = rest[0];
      if (req.method === 'POST' && !sessionId) {
        const created = id('cs_test');
        const lineItems = (body.line_items as Json[] | undefined) ?? [];
        const priceData = (lineItems[0] as Json | undefined)?.price_data as Json | undefined;
        const session = {
          id: created,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${created}`,
          amount_total: priceData ? Number(priceData.unit_amount) : body.mode === 'payment' ? 399 : 999,
          currency: priceData ? String(priceData.currency) : 'eur',
          account,
          payment_intent: null,
          payment_intent_metadata: (body.payment_intent_data as Json | undefined)?.metadata ?? {},
          subscription: null,
          price: (lineItems[0] as Json | undefined)?.price,
          subscription_metadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
        };
        sessions.set(created, session);
        return send(200, session);
      }
      if (req.method === 'GET' && sessionId) {
        const session = sessions.get(sessionId);
        if (!session || !own(session)) return missing();
        const expand = (body.expand as string[] | undefined) ?? [];
        const subscription = session.subscription as string | null;
        return send(200, {
          ...session,
          subscription:
            subscription && expand.includes('subscription') ? subscriptions.get(subscription) : subscription,
        });
      }
    }
    if (resource === 'accounts' && req.method === 'POST' && !objectId) {
      const made = {
        id: id('acct'),
        object: 'account',
        type: body.type ?? 'standard',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        charges_enabled: false,
        details_submitted: false,
      };
      accounts.set(made.id, made);
      return send(200, made);
    }
    if (resource === 'accounts' && req.method === 'GET' && objectId) {
      const found = accounts.get(objectId);
      return found ? send(200, found) : missing();
    }
    if (resource === 'account_links' && req.method === 'POST') {
      if (!accounts.has(String(body.account))) return missing();
      return send(200, {
        object: 'account_link',
        url: `https://connect.stripe.test/setup/s/${String(body.account)}`,
        expires_at: nowSeconds() + 300,
        return_url: body.return_url,
        refresh_url: body.refresh_url,
      });
    }
    if (resource === 'payment_intents' && req.method === 'GET' && objectId) {
      const intent = paymentIntents.get(objectId);
      if (!intent || !own(intent)) return missing();
      const charge = charges.get(intent.latest_charge as string);
      const wantsCharge = expanded.some((path) => path.startsWith('latest_charge'));
      const wantsTransaction = expanded.includes('latest_charge.balance_transaction');
      return send(200, {
        ...intent,
        latest_charge:
          charge && wantsCharge
            ? {
                ...charge,
                balance_transaction: wantsTransaction
                  ? balanceTransactions.get(charge.balance_transaction as string)
                  : charge.balance_transaction,
              }
            : intent.latest_charge,
      });
    }
    if (resource === 'disputes' && req.method === 'GET' && !objectId) {
      const data = [...disputes.values()].filter(
        (dispute) => own(dispute) && (!body.charge || dispute.charge === body.charge),
      );
      return send(200, { object: 'list', data, has_more: false, url: '/v1/disputes' });
    }
    if (resource === 'refunds' && req.method === 'POST') {
      const intent = paymentIntents.get(String(body.payment_intent));
      if (!intent || !own(intent)) return missing();
      const charge = charges.get(intent.latest_charge as string) as Json;
      if (charge.refunded) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Already refunded',
          },
        });
      }
      const rest = (charge.amount as number) - (charge.amount_refunded as number);
      charge.refunded = true;
      charge.amount_refunded = charge.amount;
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intent.id,
        amount: rest,
        status: 'succeeded',
        account,
      };
      refunds.push(refund);
      return send(200, refund);
    }
    if (resource === 'subscriptions' && objectId) {
      const subscription = subscriptions.get(objectId);
      if (!subscription) return missing();
      if (req.method === 'POST') {
        if ('cancel_at_period_end' in body)
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      return send(200, subscription);
    }
    return missing();
  };
}
