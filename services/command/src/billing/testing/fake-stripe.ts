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
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    const send = (status: number, json: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
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
          amount_total: body.mode === 'payment' ? 399 : 999,
          currency: 'eur',
          subscription: null,
          price: (lineItems[0] as Json | undefined)?.price,
          subscription_metadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
        };
        sessions.set(created, session);
        return send(200, session);
      }
      if (req.method === 'GET' && sessionId) {
        const session = sessions.get(sessionId);
        if (!session) return missing();
        const expand = (body.expand as string[] | undefined) ?? [];
        const subscription = session.subscription as string | null;
        return send(200, {
          ...session,
          subscription:
            subscription && expand.includes('subscription') ? subscriptions.get(subscription) : subscription,
        });
      }
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
