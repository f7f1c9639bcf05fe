import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's HTTP API that Remit calls, so tests drive the real `stripe`
 * SDK (pointed here by host, port and protocol) and can assert every request Remit makes. Objects are
 * shaped as Stripe's API version of the installed SDK returns them (periods on subscription items).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** The `Stripe-Account` header: the connected account the call is made on, or null. */
  account: string | null;
}

type Json = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Json;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  // Connect (issue 31): connected accounts, and the payments made on them. Every object made with a
  // `Stripe-Account` header belongs to that account and is found only with the same header, as on Stripe.
  const accounts = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const balanceTransactions = new Map<string, Json>();
  const refunds: Json[] = [];
  const disputes = new Map<string, Json>();
  /** Stripe replays the first answer of an idempotency key (per account). */
  const idempotent = new Map<string, { status: number; json: Json }>();

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => resolve(text));
    });

  function subscriptionObject(input: {
    customer: string;
    priceId: string;
    metadata: Json;
    periodEnd: number;
  }): Json {
    return {
      id: id('sub'),
      object: 'subscription',
      customer: input.customer,
      status: 'active',
      metadata: input.metadata,
      cancel_at_period_end: false,
      trial_end: null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: input.priceId, object: 'price' },
            current_period_end: input.periodEnd,
          },
        ],
      },
    };
  }

  const server: Server = createServer(async (req, res) => {
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    /** What happens when the customer pays on Stripe's page: the session completes (and a subscription starts). */
    complete(sessionId: string, { periodDays = 30 } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      if (session.mode === 'subscription') {
        const subscription = subscriptionObject({
          customer: session.customer as string,
          priceId: session.price as string,
          metadata: session.subscription_metadata as Json,
          periodEnd: nowSeconds() + periodDays * 86_400,
        });
        subscriptions.set(subscription.id as string, subscription);
        session.subscription = subscription.id;
      }
      return session;
    },
    /** A subscription made outside a checkout (e.g. in Stripe's dashboard) for a test's webhook. */
    addSubscription(input: { customer: string; priceId: string; metadata: Json; periodEnd: number }) {
      const subscription = subscriptionObject(input);
      subscriptions.set(subscription.id as string, subscription);
      return subscription;
    },
    accounts,
    paymentIntents,
    charges,
    refunds,
    /** The owner finished Stripe's onboarding: the account takes charges. */
    finishOnboarding(accountId: string) {
      const found = accounts.get(accountId);
      if (!found) throw new Error(`no account ${accountId}`);
      found.charges_enabled = true;
      found.details_submitted = true;
      return found;
    },
    /**
     * The customer pays a payment-mode checkout on Stripe's page: a PaymentIntent, its charge and its
     * balance transaction (with the fee) on the session's account; the session completes.
     */
    pay(sessionId: string, { method = 'card', fee = 0 }: { method?: string; fee?: number } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const created = nowSeconds();
      const transaction = { id: id('txn'), object: 'balance_transaction', fee, account: session.account };
      const intent: Json = {
        id: id('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        metadata: session.payment_intent_metadata,
        payment_method_types: [method],
        created,
        account: session.account,
      };
      const charge: Json = {
        id: id('ch'),
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        currency: session.currency,
        payment_intent: intent.id,
        balance_transaction: transaction.id,
        payment_method_details: { type: method },
        created,
        account: session.account,
      };
      intent.latest_charge = charge.id;
      balanceTransactions.set(transaction.id, transaction);
      charges.set(charge.id as string, charge);
      paymentIntents.set(intent.id as string, intent);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = intent.id;
      return { session, intent, charge };
    },
    /** A refund made in Stripe's dashboard: of `amount` more (cents), or of all that is left. */
    refundInDashboard(paymentIntentId: string, amount?: number) {
      const intent = paymentIntents.get(paymentIntentId) as Json;
      const charge = charges.get(intent.latest_charge as string) as Json;
      const refunded = (charge.amount_refunded as number) + (amount ?? (charge.amount as number));
      charge.amount_refunded = Math.min(refunded, charge.amount as number);
      charge.refunded = charge.amount_refunded === charge.amount;
      return charge;
    },
    /** The customer's bank disputes the charge (Stripe withdraws the money: `needs_response`). */
    dispute(paymentIntentId: string) {
      const intent = paymentIntents.get(paymentIntentId) as Json;
      const charge = charges.get(intent.latest_charge as string) as Json;
      charge.disputed = true;
      const dispute = {
        id: id('dp'),
        object: 'dispute',
        charge: charge.id,
        payment_intent: intent.id,
        amount: (charge.amount as number) - (charge.amount_refunded as number),
        currency: charge.currency,
        status: 'needs_response',
        account: charge.account,
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    /** The dispute is decided: `won` gives the money back to the owner, `lost` leaves it with the customer. */
    closeDispute(disputeId: string, status: 'won' | 'lost') {
      const dispute = disputes.get(disputeId) as Json;
      dispute.status = status;
      return dispute;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
