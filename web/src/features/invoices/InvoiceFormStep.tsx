import {
  addressEntryOf,
  currencies,
  documentLanguages,
  formatMoney,
  languageNames,
  NOTES_MAX,
  sanitize,
  TERMS_MAX,
} from '@remit/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CustomerSuggestion } from '../../api/invoices';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/TextField';
import { media } from '../../theme/theme';
import { AddressFields } from '../forms/AddressFields';
import { withAddressEntry } from './addressBinding';
import { CustomerSearch } from './CustomerSearch';
import { EInvoiceSection } from './EInvoiceSection';
import { SelectField, TextAreaField } from './fields';
import { withClient } from './fromClient';
import { ItemsEditor } from './ItemsEditor';
import { LogoUpload } from './LogoUpload';
import { PaymentMethodSelect } from './PaymentMethodSelect';
import { SaveAsClient } from './SaveAsClient';
import type { Wizard } from './useWizard';

const Section = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} { grid-template-columns: 1fr 1fr; }
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: end;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.xl};
  font-variant-numeric: tabular-nums;
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { text-align: right; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  dt:last-of-type, dd:last-of-type { font-size: ${({ theme }) => theme.fontSizes.lg}; color: ${({ theme }) => theme.colors.ink}; }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const currencyOptions = currencies.map((currency) => ({ value: currency.value, label: currency.label }));
/** The document's language (issue 30): a picked client's, or chosen here; the preview shows it. */
const languageOptions = [
  { value: '', label: 'Your default (Profile)' },
  ...documentLanguages.map((code) => ({ value: code, label: languageNames[code] })),
];
const email = sanitize.email;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section aria-label={title}>
      <h2>{title}</h2>
      {children}
    </Section>
  );
}

/** Step 1 (spec §2, §5): every field of the invoice form, live totals, Next Step. */
export function InvoiceFormStep({ wizard }: { wizard: Wizard }) {
  const { field, totals, context } = wizard;
  const paymentMethod = field('paymentMethodId');
  const pick = (customer: CustomerSuggestion) =>
    wizard.fillCustomer(
      withAddressEntry(
        {
          ...context.form,
          customerName: customer.Name,
          customerEmail: customer.Email,
          customerCompanyName: customer.CompanyName,
          customerCompanyVAT: customer.CompanyVAT ?? '',
        },
        'customer',
        addressEntryOf(null, customer.Address),
      ),
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        wizard.send({ type: 'NEXT' });
      }}
    >
      <Block title="Your details">
        {/* An edit keeps the logo the invoice was issued with (PUT is JSON only); a quote carries the company's. */}
        {!wizard.edit && !wizard.quote && (
          <LogoUpload logo={context.logo} onChange={(logo) => wizard.send({ type: 'SET_LOGO', logo })} />
        )}
        <Grid>
          <TextField label="Your name" autoComplete="name" {...field('userName', sanitize.personName)} />
          <TextField label="Your email" type="email" autoComplete="email" {...field('userEmail', email)} />
          <TextField label="Company name" {...field('userCompanyName', sanitize.companyName)} />
          <TextField label="VAT number (optional)" {...field('userCompanyVAT', sanitize.vat)} />
        </Grid>
        <AddressFields legend="Your address" whose="own" {...wizard.address('own')} />
      </Block>
      <Block title="Customer">
        <CustomerSearch
          onPick={pick}
          onPickClient={(client) => wizard.fillCustomer(withClient(context.form, client))}
        />
        <Grid>
          <TextField label="Customer name" {...field('customerName', sanitize.personName)} />
          <TextField label="Customer email" type="email" {...field('customerEmail', email)} />
          <TextField label="Customer company name" {...field('customerCompanyName', sanitize.companyName)} />
          <TextField label="Customer VAT number (optional)" {...field('customerCompanyVAT', sanitize.vat)} />
        </Grid>
        <AddressFields legend="Customer address" whose="customer" {...wizard.address('customer')} />
        <SaveAsClient form={context.form} />
      </Block>
      <Block title={wizard.quote ? 'Quote details' : 'Invoice details'}>
        <Grid>
          <TextField
            label="Invoice number"
            hint={
              context.provisionalNumber
                ? 'Provisional: suggested offline from this device. The server checks it when the invoice is sent.'
                : undefined
            }
            {...field('invoiceNumber', sanitize.invoiceNumber)}
          />
          <SelectField label="Currency" options={currencyOptions} {...field('currency')} />
          <SelectField label="Document language" options={languageOptions} {...field('language')} />
          <TextField label="Issue date" type="date" min="2000-01-01" {...field('issueDate')} />
          {wizard.quote && (
            <TextField
              label="Valid until"
              type="date"
              min="2000-01-01"
              hint="The last day your customer can accept it, in your time zone."
              {...field('validUntil')}
            />
          )}
          <TextField
            label={wizard.quote ? 'Due date (of the invoice)' : 'Due date'}
            type="date"
            min="2000-01-01"
            hint={
              wizard.quote ? 'Its payment terms carry over when the quote becomes an invoice.' : undefined
            }
            {...field('dueDate')}
          />
          <TextField label="Tax rate (%)" inputMode="decimal" {...field('taxRate')} />
          <PaymentMethodSelect
            value={context.form.paymentMethodId}
            error={paymentMethod.error}
            onBlur={paymentMethod.onBlur}
            onChange={(paymentMethodId) =>
              wizard.send({
                type: 'CHANGE',
                path: 'paymentMethodId',
                form: { ...context.form, paymentMethodId },
              })
            }
          />
        </Grid>
      </Block>
      <Block title="Items">
        <ItemsEditor wizard={wizard} />
        <Totals aria-label="Totals">
          <dt>Subtotal</dt>
          <dd>{formatMoney(totals.subtotal)}</dd>
          <dt>Tax</dt>
          <dd>{formatMoney(totals.tax)}</dd>
          <dt>Total</dt>
          <dd>{formatMoney(totals.total)}</dd>
        </Totals>
      </Block>
      <Block title="Notes and terms">
        <TextAreaField label="Notes" max={NOTES_MAX} {...field('notes', sanitize.longText)} />
        <TextAreaField
          label="Terms & Conditions"
          max={TERMS_MAX}
          {...field('termsAndConditions', sanitize.longText)}
        />
      </Block>
      <EInvoiceSection wizard={wizard} />
      <Footer>
        {/* Issue 27: kept on the server, on every device, with no number taken (not for an issued invoice). */}
        {!wizard.edit && !wizard.quote && (
          <Button variant="secondary" size="lg" busy={wizard.savingDraft} onClick={wizard.saveAsDraft}>
            Save as draft
          </Button>
        )}
        <NextButton wizard={wizard} />
      </Footer>
    </form>
  );
}

/**
 * 'Next Step' looks and reads as disabled until the form is submittable (spec §2), but stays
 * clickable: pressing it then is the submit attempt that shows every message and 'Please complete
 * all required fields' (spec §4, §8).
 */
function NextButton({ wizard }: { wizard: Wizard }) {
  return (
    <Button type="submit" size="lg" aria-disabled={!wizard.submittable}>
      Next Step
    </Button>
  );
}
