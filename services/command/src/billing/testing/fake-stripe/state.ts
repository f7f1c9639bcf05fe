import { randomBytes } from 'node:crypto';

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** The `Stripe-Account` header: the connected account the call is made on, or null. */
  account: string | null;
}

export type Json = Record<string, unknown>;

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

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What the fake holds: every object by id, the requests it was sent, and the idempotent answers. */
export function createStripeState() {
  return {
    requests: [] as RecordedRequest[],
    customers: new Map<string, Json>(),
    sessions: new Map<string, Json>(),
    subscriptions: new Map<string, Json>(),
    // Connect (issue 31): connected accounts, and the payments made on them. Every object made with a
    // `Stripe-Account` header belongs to that account and is found only with the same header, as on Stripe.
    accounts: new Map<string, Json>(),
    paymentIntents: new Map<string, Json>(),
    charges: new Map<string, Json>(),
    balanceTransactions: new Map<string, Json>(),
    refunds: [] as Json[],
    disputes: new Map<string, Json>(),
    /** Stripe replays the first answer of an idempotency key (per account). */
    idempotent: new Map<string, { status: number; json: Json }>(),
  };
}

export type StripeState = ReturnType<typeof createStripeState>;

/** A subscription as Stripe's API version of the installed SDK returns it (the period on its item). */
export function subscriptionObject(input: {
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
