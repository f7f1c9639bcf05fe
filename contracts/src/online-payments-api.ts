import { z } from 'zod';
import { onlinePaymentProviders } from './events/online-payments.js';

/**
 * Online payments (issue 31; docs/api.md, "Online payments"). The owner connects a payment account in
 * /profile; the customer page then offers 'Pay {amount}' for the balance due.
 */

/**
 * How this server takes online payments: `connect` (the operator's Stripe platform, each owner's own
 * connected account), `own` (a self-hosted server's own Stripe account), `sandbox` (no Stripe configured).
 */
export const onlinePaymentModes = ['connect', 'own', 'sandbox'] as const;
export type OnlinePaymentMode = (typeof onlinePaymentModes)[number];

/** `off` nothing connected; `pending` connected, onboarding not finished; `on` customers can pay. */
export const onlinePaymentStates = ['off', 'pending', 'on'] as const;
export type OnlinePaymentState = (typeof onlinePaymentStates)[number];

/** `GET /online-payments`: the owner's account as it stands. */
export const onlinePaymentsStatusSchema = z.object({
  mode: z.enum(onlinePaymentModes),
  provider: z.enum(onlinePaymentProviders),
  state: z.enum(onlinePaymentStates),
  accountId: z.string().nullable(),
});
export type OnlinePaymentsStatus = z.infer<typeof onlinePaymentsStatusSchema>;

/** `POST /online-payments/connect`: the kind of Stripe account to make (Connect only; Standard by default). */
export const connectOnlinePaymentsSchema = z.object({
  accountType: z.enum(['standard', 'express']).default('standard'),
});

/** The answer of connect: where to send the owner (Stripe's onboarding, or back to /profile). */
export const connectOnlinePaymentsAnswerSchema = onlinePaymentsStatusSchema.extend({ url: z.string() });
export type ConnectOnlinePaymentsAnswer = z.infer<typeof connectOnlinePaymentsAnswerSchema>;

/** `POST /public/invoices/{token}/checkout` → the provider's (or the sandbox's) checkout page. */
export const publicCheckoutAnswerSchema = z.object({ url: z.string() });
export type PublicCheckoutAnswer = z.infer<typeof publicCheckoutAnswerSchema>;

/** `POST /public/invoices/{token}/confirm`: back from checkout with its session. */
export const publicConfirmSchema = z.object({
  sessionId: z
    .string()
    .trim()
    .min(1, 'Missing checkout session')
    .max(200)
    .regex(/^[A-Za-z0-9_]+$/, 'Not a checkout session'),
});
export const publicConfirmAnswerSchema = z.object({
  /** The payment is recorded on the invoice (or the invoice was already paid in full). */
  paid: z.boolean(),
  balance: z.number().int(),
  settled: z.boolean(),
});
export type PublicConfirmAnswer = z.infer<typeof publicConfirmAnswerSchema>;

export const onlinePaymentMessages = {
  notConnected: 'This invoice cannot be paid online',
  nothingDue: 'This invoice is paid',
  providerFailed: 'The payment provider could not be reached. Please try again.',
};
