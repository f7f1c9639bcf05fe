import { type PaymentMethod, type PaymentMethodFormInput, paymentMethodFormSchema } from '@remit/contracts';
import { z } from 'zod';
import { createFormMachine } from '../forms/formMachine';
import { profileMessages } from './messages';

/**
 * The add/edit modal's inputs as text (the checkbox is 'true' or ''), checked by the contracts'
 * `paymentMethodFormSchema`, so the modal and `POST/PUT /settings/payment-methods` agree.
 */
const modalInputs = z.object({
  name: z.string(),
  type: z.string(),
  isDefault: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  iban: z.string(),
  swift: z.string(),
  paymentLink: z.string(),
  instructions: z.string(),
});
export type PaymentMethodFormValues = z.infer<typeof modalInputs>;

export const paymentMethodModalSchema = modalInputs
  .transform(
    (values): PaymentMethodFormInput => ({
      ...values,
      // An unknown type (none chosen yet) is left to the schema, which answers 'Type is required'.
      type: (values.type === '' ? undefined : values.type) as PaymentMethodFormInput['type'],
      isDefault: values.isDefault === 'true',
    }),
  )
  .pipe(paymentMethodFormSchema);

export function toPaymentMethodFormValues(method: PaymentMethod | null): PaymentMethodFormValues {
  return {
    name: method?.Name ?? '',
    type: method?.Type ?? '',
    isDefault: method?.IsDefault ? 'true' : '',
    bankName: method?.BankName ?? '',
    accountNumber: method?.AccountNumber ?? '',
    iban: method?.IBAN ?? '',
    swift: method?.SWIFT ?? '',
    paymentLink: method?.PaymentLink ?? '',
    instructions: method?.Instructions ?? '',
  };
}

export const paymentMethodFormMachine = createFormMachine({
  id: 'paymentMethod',
  schema: paymentMethodModalSchema,
  initialValues: toPaymentMethodFormValues(null),
  defaultError: profileMessages.saveFailed,
});
