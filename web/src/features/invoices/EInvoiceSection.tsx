import {
  customerTypes,
  type Delivery,
  type LineVatInput,
  vatCategories,
  vatExemptionReasons,
} from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { type SyntheticEvent, useMemo, useState } from 'react';
import styled from 'styled-components';
import { paymentMethodsQuery } from '../../api/paymentMethods';
import { settingsQuery } from '../../api/profile';
import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/TextField';
import { media } from '../../theme/theme';
import { type FormReadiness, formReadiness } from './einvoiceReadiness';
import { SelectField } from './fields';
import { getPath, setPath } from './formPaths';
import { LineVatFields } from './LineVat';
import { ReadinessChecklist } from './ReadinessChecklist';
import type { Wizard } from './useWizard';

const Details = styled(Card).attrs({ as: 'details' })`
  margin-bottom: ${({ theme }) => theme.space.md};
  summary {
    cursor: pointer;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    min-height: 44px;
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
  summary small { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.regular}; color: ${({ theme }) => theme.colors.muted}; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.sm}; }
  p { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} { grid-template-columns: 1fr 1fr; }
`;

const customerTypeLabels: Record<(typeof customerTypes)[number], string> = {
  business: 'Business',
  public_body: 'Public body (XRechnung, Leitweg-ID)',
  consumer: 'Consumer',
};
const customerTypeOptions = customerTypes.map((type) => ({ value: type, label: customerTypeLabels[type] }));
const categoryOptions = [
  { value: '', label: 'Standard rate when the tax rate is above 0' },
  ...vatCategories.map((category) => ({
    value: category.code,
    label: `${category.label} (${category.code})`,
  })),
];

/** One line for the closed section: whether each format is ready. */
function readinessSummary(readiness: FormReadiness): string {
  if (!readiness.complete) return 'units, VAT category, delivery, buyer reference';
  const say = (issues: unknown[]) => (issues.length === 0 ? 'ready' : `${issues.length} missing`);
  return `e-invoice ${say(readiness.en16931)}, XRechnung ${say(readiness.xrechnung)}`;
}

/**
 * Step 1's 'E-invoice details' (collapsed; every field optional with the defaults the server applies): units per
 * line, the customer's type, structured address, buyer reference and electronic address, the VAT category with its
 * reason, the delivery date or service period, payment terms; and the readiness checklist per format. Closed, it
 * draws only its summary (with the readiness per format), so the spec's form stays as light as it was.
 */
export function EInvoiceSection({ wizard }: { wizard: Wizard }) {
  const { context, field } = wizard;
  const form = context.form;
  const settings = useQuery(settingsQuery).data;
  const methods = useQuery(paymentMethodsQuery).data ?? [];
  const [open, setOpen] = useState(false);
  const readiness = useMemo(() => formReadiness(form, settings, methods), [form, settings, methods]);
  const change = (path: string, value: unknown) =>
    wizard.send({ type: 'CHANGE', path, form: setPath(form, path, value) });
  const category = getPath(form, 'eInvoice.vat.category');
  const exemptionOptions = [
    { value: '', label: 'Choose a reason' },
    ...vatExemptionReasons
      .filter((reason) => reason.category === category)
      .map((reason) => ({ value: reason.code, label: reason.text })),
  ];
  const delivery = (form.eInvoice as { delivery?: Delivery | null } | undefined)?.delivery;
  const deliveryStart = delivery ? (delivery.kind === 'date' ? delivery.date : delivery.start) : '';
  const deliveryEnd = delivery?.kind === 'period' ? delivery.end : '';
  const setDelivery = (start: string, end: string) =>
    change(
      'eInvoice.delivery',
      start && end ? { kind: 'period', start, end } : start ? { kind: 'date', date: start } : undefined,
    );
  return (
    <Details
      aria-label="E-invoice details"
      open={open}
      onToggle={(event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open)}
    >
      <summary>
        E-invoice details <small>optional · {readinessSummary(readiness)}</small>
      </summary>
      {open ? (
        <>
          <p>
            Only needed for e-invoices (Factur-X, XRechnung). Anything left empty takes its default: the
            standard rate, delivery on the issue date, your company profile's address.
          </p>
          <h3>Lines</h3>
          <Grid>
            {form.items.map((item, index) => (
              <LineVatFields
                // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own
                key={index}
                index={index}
                name={item.description}
                vat={(item as { vat?: LineVatInput | null }).vat}
                onChange={(vat) => change(`items.${index}.vat`, vat ?? undefined)}
              />
            ))}
          </Grid>
          <h3>Tax</h3>
          <Grid>
            <SelectField label="VAT category" options={categoryOptions} {...field('eInvoice.vat.category')} />
            {category && category !== 'S' && category !== 'Z' ? (
              exemptionOptions.length > 1 ? (
                <SelectField
                  label="Exemption reason"
                  options={exemptionOptions}
                  {...field('eInvoice.vat.exemption.code')}
                />
              ) : null
            ) : null}
            {category === 'E' ? (
              <TextField label="Exemption reason text" {...field('eInvoice.vat.exemption.text')} />
            ) : null}
          </Grid>
          <h3>Delivery</h3>
          <Grid>
            <TextField
              label="Delivery date or start of service period"
              type="date"
              min="2000-01-01"
              name="eInvoice.delivery.start"
              value={deliveryStart}
              placeholder={form.issueDate}
              error={undefined}
              onBlur={() => wizard.send({ type: 'BLUR', path: 'eInvoice.delivery' })}
              onChange={(event) => setDelivery(event.target.value, deliveryEnd)}
            />
            <TextField
              label="End of service period (optional)"
              type="date"
              min="2000-01-01"
              name="eInvoice.delivery.end"
              value={deliveryEnd}
              error={wizard.errors['eInvoice.delivery'] ?? wizard.errors['eInvoice.delivery.end']}
              onBlur={() => wizard.send({ type: 'BLUR', path: 'eInvoice.delivery' })}
              onChange={(event) => setDelivery(deliveryStart || form.issueDate, event.target.value)}
            />
          </Grid>
          <h3>Customer</h3>
          <Grid>
            <SelectField
              label="Customer type"
              options={customerTypeOptions}
              {...field('eInvoice.customer.type')}
              value={getPath(form, 'eInvoice.customer.type') || 'business'}
            />
            <TextField label="Buyer reference or Leitweg-ID" {...field('eInvoice.customer.buyerReference')} />
            <TextField
              label="Customer electronic address (default: their email)"
              type="email"
              {...field('eInvoice.customer.electronicAddress')}
            />
          </Grid>
          <h3>Payment terms</h3>
          <TextField
            label="Payment terms (default: payment due by the due date)"
            {...field('eInvoice.paymentTerms')}
          />
          <ReadinessChecklist readiness={readiness} />
        </>
      ) : null}
    </Details>
  );
}
