import { invoicePayload, tinyPng } from '../invoices.js';
import type { Json } from './hostile.js';

export interface FuzzIds {
  invoiceId: string;
  paymentMethodId: string;
  sessionId: string;
  email: string;
}

export interface Route {
  method: 'POST' | 'PUT' | 'DELETE';
  path: (ids: FuzzIds) => string;
  /** Seeds are valid requests, so mutations reach past validation into the command. */
  seed: (ids: FuzzIds) => Json;
  /** The multipart field that carries the JSON (POST /invoices, PUT /settings). */
  jsonField?: string;
}

const settings = {
  Name: 'Ada Lovelace',
  DefaultDueDays: 30,
  Settings: {
    CompanyEmail: 'ada@example.com',
    CompanyAddress: '12 Analytical Street, London',
    CompanyName: 'Engines & Co',
    DefaultCurrency: 'EUR',
    UserCompanyVAT: 'GB123456789',
  },
};
const bankMethod = {
  name: 'Main account',
  type: 'bank_transfer',
  bankName: 'Deutsche Bank',
  iban: 'DE89370400440532013000',
  swift: 'DEUTDEFF',
};

/** Every command route of the API (and the two POSTs the query service answers). */
export const routes: Route[] = [
  {
    method: 'POST',
    path: () => '/auth/signup',
    seed: () => ({ name: 'Ada Lovelace', email: 'new@example.com', password: 'Sunflower42' }),
  },
  {
    method: 'POST',
    path: () => '/auth/login',
    seed: (ids) => ({ email: ids.email, password: 'Sunflower42' }),
  },
  {
    method: 'POST',
    path: () => '/auth/verify-email',
    seed: (ids) => ({ email: ids.email, token: 'x'.repeat(43) }),
  },
  { method: 'POST', path: () => '/auth/resend-verification', seed: (ids) => ({ email: ids.email }) },
  { method: 'POST', path: () => '/auth/logout', seed: () => ({}) },
  { method: 'POST', path: () => '/auth/forgot-password', seed: (ids) => ({ email: ids.email }) },
  {
    method: 'POST',
    path: () => '/auth/reset-password',
    seed: (ids) => ({ email: ids.email, token: 'x'.repeat(43), password: 'Moonflower77' }),
  },
  {
    method: 'POST',
    path: () => '/auth/change-password',
    seed: () => ({ currentPassword: 'Wrong-guess-1', newPassword: 'Moonflower77' }),
  },
  { method: 'POST', path: () => '/auth/google/login', seed: () => ({}) },
  { method: 'POST', path: () => '/auth/google/callback', seed: () => ({ code: 'abc', state: 'def' }) },
  {
    method: 'POST',
    path: () => '/invoices',
    seed: () => ({ ...invoicePayload(), invoiceNumber: 'INV-9000' }),
    jsonField: 'invoice',
  },
  { method: 'PUT', path: (ids) => `/invoices/${ids.invoiceId}`, seed: () => invoicePayload() },
  { method: 'DELETE', path: (ids) => `/invoices/${ids.invoiceId}-nope`, seed: () => ({}) },
  { method: 'POST', path: () => '/settings/payment-methods', seed: () => bankMethod },
  {
    method: 'PUT',
    path: (ids) => `/settings/payment-methods/${ids.paymentMethodId}`,
    seed: () => bankMethod,
  },
  {
    method: 'PUT',
    path: (ids) => `/settings/payment-methods/${ids.paymentMethodId}/toggle`,
    seed: () => ({}),
  },
  { method: 'PUT', path: () => '/settings', seed: () => settings, jsonField: 'settings' },
  {
    method: 'POST',
    path: () => '/create-checkout-session',
    seed: (ids) => ({ plan: 'per-invoice', isOneTime: true, invoiceId: ids.invoiceId }),
  },
  { method: 'POST', path: () => '/subscription/upgrade', seed: () => ({ plan: 'pro-monthly' }) },
  { method: 'POST', path: () => '/confirm-subscription', seed: (ids) => ({ sessionId: ids.sessionId }) },
  {
    method: 'POST',
    path: () => '/confirm-one-time-payment',
    seed: (ids) => ({ sessionId: ids.sessionId, invoiceId: ids.invoiceId }),
  },
  { method: 'POST', path: () => '/confirm-payment', seed: (ids) => ({ sessionId: ids.sessionId }) },
  { method: 'POST', path: () => '/subscriptions/cancel', seed: () => ({}) },
  { method: 'POST', path: () => '/subscriptions/resume', seed: () => ({}) },
  { method: 'POST', path: () => '/webhooks/stripe', seed: () => ({ id: 'evt_1', type: 'invoice.paid' }) },
  { method: 'POST', path: (ids) => `/billing/sandbox/checkout/${ids.sessionId}x/cancel`, seed: () => ({}) },
  { method: 'POST', path: () => '/generate-pdf', seed: (ids) => ({ invoiceId: ids.invoiceId }) },
  {
    method: 'POST',
    path: () => '/templates/classic/preview',
    seed: () => ({
      invoice: invoicePayload(),
      logo: `data:image/png;base64,${Buffer.from(tinyPng).toString('base64')}`,
    }),
  },
];
