import { z } from 'zod';
import { paymentMethodTypes } from '../payment-methods.js';
import { type EventOf, eventType } from './define.js';

/**
 * The event catalogue of payment methods and the company profile (docs/events.md).
 *
 * Streams:
 * - `payment-method-{paymentMethodId}`: PaymentMethodAdded, PaymentMethodUpdated, PaymentMethodEnabled,
 *   PaymentMethodDisabled, PaymentMethodMadeDefault.
 * - `user-payment-methods-{userId}`: PaymentMethodRegistered, one per method, written in the same transaction
 *   as its PaymentMethodAdded: the list of a user's methods, which the command side reads to keep exactly
 *   one default (it never reads read models).
 * - `user-settings-{userId}` (beside UserSettingsChanged): CompanyLogoChanged.
 *
 * "Exactly one default per user": PaymentMethodMadeDefault on one method means every other method of the
 * user is no longer the default. The latest such event (by global position) among a user's methods names
 * the default, for the command side and the projection alike.
 */
const details = {
  name: z.string(),
  type: z.enum(paymentMethodTypes),
  /** '' when unset; IBAN and SWIFT upper case without spaces. */
  bankName: z.string(),
  accountNumber: z.string(),
  iban: z.string(),
  swift: z.string(),
  paymentLink: z.string(),
  instructions: z.string(),
};

const ids = { paymentMethodId: z.string(), userId: z.string() };

export const paymentMethodEvents = {
  /** A new method; it starts active. */
  PaymentMethodAdded: eventType(z.object({ ...ids, ...details })),
  /** The whole new details. */
  PaymentMethodUpdated: eventType(z.object({ ...ids, ...details })),
  PaymentMethodEnabled: eventType(z.object(ids)),
  PaymentMethodDisabled: eventType(z.object(ids)),
  /** This method is now the user's default; the previous one (if any) no longer is. */
  PaymentMethodMadeDefault: eventType(z.object({ ...ids, previousDefaultId: z.string().nullable() })),
} as const;

export const paymentMethodListEvents = {
  PaymentMethodRegistered: eventType(z.object(ids)),
} as const;

export const profileEvents = {
  /** The company logo of the profile (`GET /settings` LogoURL); its image is a `logo-{id}` stream. null: removed. */
  CompanyLogoChanged: eventType(
    z.object({
      userId: z.string(),
      logo: z.object({ id: z.string(), contentType: z.string() }).nullable(),
    }),
  ),
} as const;

export type PaymentMethodEvent = EventOf<typeof paymentMethodEvents>;
export type PaymentMethodListEvent = EventOf<typeof paymentMethodListEvents>;
export type ProfileEvent = EventOf<typeof profileEvents>;
export type PaymentMethodDetails = z.infer<z.ZodObject<typeof details>>;

export const paymentMethodStreamId = (paymentMethodId: string) => `payment-method-${paymentMethodId}`;
export const paymentMethodListStreamId = (userId: string) => `user-payment-methods-${userId}`;
