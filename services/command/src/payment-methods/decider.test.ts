import {
  type PaymentMethodDetails,
  type PaymentMethodEvent,
  type PaymentMethodFormInput,
  paymentMethodFormSchema,
  paymentMethodMessages,
} from '@remit/contracts';
import { decider, stateOf } from '@remit/domain/testing';
import { describe, expect, it } from 'vitest';
import { type PaymentMethodsEvent, paymentMethodsDecider, toPaymentMethodView } from './decider.js';

const given = decider(paymentMethodsDecider);

const bankForm: PaymentMethodFormInput = {
  name: 'Main account',
  type: 'bank_transfer',
  bankName: 'Deutsche Bank',
  iban: 'de89 3704 0044 0532 0130 00',
  swift: 'deutdeff',
};
const form = (input: PaymentMethodFormInput) => paymentMethodFormSchema.parse(input);

const bankDetails: PaymentMethodDetails = {
  name: 'Main account',
  type: 'bank_transfer',
  bankName: 'Deutsche Bank',
  accountNumber: '',
  iban: 'DE89370400440532013000',
  swift: 'DEUTDEFF',
  paymentLink: '',
  instructions: '',
};
const linkDetails: PaymentMethodDetails = {
  name: 'PayPal',
  type: 'digital',
  bankName: '',
  accountNumber: '',
  iban: '',
  swift: '',
  paymentLink: 'https://paypal.me/ada',
  instructions: 'Add the invoice number',
};

const added = (id: string, details = bankDetails): PaymentMethodEvent => ({
  type: 'PaymentMethodAdded',
  data: { paymentMethodId: id, userId: 'u1', ...details },
});
const madeDefault = (id: string, previousDefaultId: string | null): PaymentMethodEvent => ({
  type: 'PaymentMethodMadeDefault',
  data: { paymentMethodId: id, userId: 'u1', previousDefaultId },
});
/** Every new method joins the user's list (the stream that names the methods' streams). */
const registered = (id: string): PaymentMethodsEvent => ({
  type: 'PaymentMethodRegistered',
  data: { paymentMethodId: id, userId: 'u1' },
});
const disabled = (id: string): PaymentMethodEvent => ({
  type: 'PaymentMethodDisabled',
  data: { paymentMethodId: id, userId: 'u1' },
});
const enabled = (id: string): PaymentMethodEvent => ({
  type: 'PaymentMethodEnabled',
  data: { paymentMethodId: id, userId: 'u1' },
});

const twoMethods = [added('pm1'), madeDefault('pm1', null), added('pm2', linkDetails)];

describe('payment methods decider', () => {
  it('the first method added becomes the default; its IBAN and SWIFT are stored compact and upper case', () => {
    given([])
      .when({
        type: 'AddPaymentMethod',
        data: { paymentMethodId: 'pm1', userId: 'u1', form: form(bankForm) },
      })
      .thenEmits([added('pm1'), madeDefault('pm1', null), registered('pm1')]);
  });

  it('a second method is not the default unless asked', () => {
    given([added('pm1'), madeDefault('pm1', null)])
      .when({
        type: 'AddPaymentMethod',
        data: {
          paymentMethodId: 'pm2',
          userId: 'u1',
          form: form({
            name: 'PayPal',
            type: 'digital',
            paymentLink: linkDetails.paymentLink,
            instructions: linkDetails.instructions,
          }),
        },
      })
      .thenEmits([added('pm2', linkDetails), registered('pm2')]);
  });

  it('making another method the default takes the flag from the previous one', () => {
    given(twoMethods)
      .when({
        type: 'UpdatePaymentMethod',
        data: {
          paymentMethodId: 'pm2',
          userId: 'u1',
          form: form({ ...linkDetails, isDefault: true }),
        },
      })
      .thenEmits([madeDefault('pm2', 'pm1')]);
    const state = stateOf(paymentMethodsDecider, [...twoMethods, madeDefault('pm2', 'pm1')]);
    expect(toPaymentMethodView(state, 'pm1').IsDefault).toBe(false);
    expect(toPaymentMethodView(state, 'pm2').IsDefault).toBe(true);
  });

  it('adding a method as the default switches it at once', () => {
    given(twoMethods)
      .when({
        type: 'AddPaymentMethod',
        data: {
          paymentMethodId: 'pm3',
          userId: 'u1',
          form: form({ ...bankForm, name: 'Savings', isDefault: true }),
        },
      })
      .thenEmits([
        added('pm3', { ...bankDetails, name: 'Savings' }),
        madeDefault('pm3', 'pm1'),
        registered('pm3'),
      ]);
  });

  it('an edit records the whole new details, and nothing when they are the same', () => {
    given(twoMethods)
      .when({
        type: 'UpdatePaymentMethod',
        data: { paymentMethodId: 'pm1', userId: 'u1', form: form({ ...bankForm, bankName: 'Commerzbank' }) },
      })
      .thenEmits([
        {
          type: 'PaymentMethodUpdated',
          data: { paymentMethodId: 'pm1', userId: 'u1', ...bankDetails, bankName: 'Commerzbank' },
        },
      ]);
    given(twoMethods)
      .when({
        type: 'UpdatePaymentMethod',
        data: { paymentMethodId: 'pm1', userId: 'u1', form: form(bankForm) },
      })
      .thenNothing();
  });

  it('un-ticking the default does not leave the user without one', () => {
    given(twoMethods)
      .when({
        type: 'UpdatePaymentMethod',
        data: { paymentMethodId: 'pm1', userId: 'u1', form: form({ ...bankForm, isDefault: false }) },
      })
      .thenNothing();
  });

  it('disabling the default passes the flag to the oldest active method', () => {
    given(twoMethods)
      .when({ type: 'TogglePaymentMethod', data: { paymentMethodId: 'pm1', userId: 'u1' } })
      .thenEmits([disabled('pm1'), madeDefault('pm2', 'pm1')]);
  });

  it('disabling a method that is not the default only disables it', () => {
    given(twoMethods)
      .when({ type: 'TogglePaymentMethod', data: { paymentMethodId: 'pm2', userId: 'u1' } })
      .thenEmits([disabled('pm2')]);
  });

  it('the only method stays the default when disabled; enabling another makes that one the default', () => {
    given([added('pm1'), madeDefault('pm1', null)])
      .when({ type: 'TogglePaymentMethod', data: { paymentMethodId: 'pm1', userId: 'u1' } })
      .thenEmits([disabled('pm1')]);
    given([...twoMethods, disabled('pm2'), disabled('pm1')])
      .when({ type: 'TogglePaymentMethod', data: { paymentMethodId: 'pm2', userId: 'u1' } })
      .thenEmits([enabled('pm2'), madeDefault('pm2', 'pm1')]);
  });

  it('a disabled method cannot be made the default', () => {
    given([...twoMethods, disabled('pm2')])
      .when({
        type: 'UpdatePaymentMethod',
        data: { paymentMethodId: 'pm2', userId: 'u1', form: form({ ...linkDetails, isDefault: true }) },
      })
      .thenThrows(paymentMethodMessages.disabledDefault);
  });

  it("another user's method is not found", () => {
    given(twoMethods)
      .when({ type: 'TogglePaymentMethod', data: { paymentMethodId: 'pm1', userId: 'u2' } })
      .thenThrows(paymentMethodMessages.notFound);
    given(twoMethods)
      .when({
        type: 'UpdatePaymentMethod',
        data: { paymentMethodId: 'nope', userId: 'u1', form: form(bankForm) },
      })
      .thenThrows(paymentMethodMessages.notFound);
  });

  it('an invalid IBAN never reaches the decider: the form refuses it with its message', () => {
    const result = paymentMethodFormSchema.safeParse({ ...bankForm, iban: 'DE89 3704 0044 0532 0130 01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['iban', paymentMethodMessages.ibanChecksum],
    ]);
  });
});
