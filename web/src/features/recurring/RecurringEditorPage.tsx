import type { InvoiceSubmitInput, RecurringProfileAnswer, RecurringProfileInput } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { ApiError, errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { fetchInvoiceForm } from '../../api/invoiceEdit';
import { invoiceKeys } from '../../api/keys';
import { createRecurring, recurringProfileQuery, updateRecurring } from '../../api/recurring';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/TextField';
import { Page } from '../../layout/Page';
import { formatAmount, isoDay } from '../../lib/format';
import { logError } from '../../lib/log';
import { Loading, Muted } from '../clients/parts';
import { invoiceListQuery } from '../dashboard/queries';
import { SelectField } from '../invoices/fields';
import { useToast } from '../toasts/ToastProvider';
import { ordinal } from './describe';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 640px;
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.md}; }
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Choices = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  legend { margin-bottom: ${({ theme }) => theme.space.xs}; font-weight: ${({ theme }) => theme.fontWeights.medium}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  label { display: flex; gap: ${({ theme }) => theme.space.xs}; align-items: center; min-height: 32px; }
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.brand}; }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

type Ends = 'never' | 'date' | 'count';

interface Values {
  frequency: RecurringProfileInput['frequency'];
  dayOfMonth: string;
  startDate: string;
  ends: Ends;
  endDate: string;
  count: string;
  mode: RecurringProfileInput['mode'];
  missed: 'issue' | 'skip';
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const fromProfile = (profile: RecurringProfileAnswer): Values => ({
  frequency: profile.frequency,
  dayOfMonth: profile.dayOfMonth === null ? '' : String(profile.dayOfMonth),
  startDate: profile.startDate,
  ends: profile.endDate ? 'date' : profile.count ? 'count' : 'never',
  endDate: profile.endDate ?? '',
  count: profile.count ? String(profile.count) : '',
  mode: profile.mode,
  missed: profile.missed,
});

const fresh = (): Values => ({
  frequency: 'monthly',
  dayOfMonth: '',
  startDate: isoDay(0),
  ends: 'never',
  endDate: '',
  count: '12',
  mode: 'send',
  missed: 'issue',
});

const dayOptions = [
  { value: '', label: 'Same day as the start date' },
  ...Array.from({ length: 31 }, (_, index) => ({
    value: String(index + 1),
    label: `The ${ordinal(index + 1)}`,
  })),
  { value: 'last', label: 'The last day of the month' },
];

const frequencyOptions = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
];

/** The invoice to repeat, when the screen was not opened from one: the latest invoices to choose from. */
function InvoicePicker({ onPick }: { onPick: (id: string) => void }) {
  const list = useQuery(invoiceListQuery(1, ''));
  const [chosen, setChosen] = useState('');
  if (list.isPending) return <Loading label="Loading your invoices..." />;
  const invoices = list.data?.invoices ?? [];
  if (invoices.length === 0)
    return (
      <Alert tone="info">
        A recurring invoice repeats one of your invoices.{' '}
        <Link to="/invoice/create">Create the first one</Link>, then choose 'Make recurring' on it.
      </Alert>
    );
  return (
    <Card aria-labelledby="recurring-pick" style={{ maxWidth: 640 }}>
      <h2 id="recurring-pick">Which invoice repeats?</h2>
      <Grid>
        <SelectField
          label="Invoice"
          name="invoice"
          value={chosen}
          error={undefined}
          onBlur={() => {}}
          onChange={(event) => setChosen(event.target.value)}
          options={[
            { value: '', label: 'Choose an invoice' },
            ...invoices.map((invoice) => ({
              value: invoice.ID,
              label: `${invoice.InvoiceNumber} · ${invoice.CustomerName} · ${formatAmount(invoice.Amount, invoice.Currency)}`,
            })),
          ]}
        />
      </Grid>
      <Footer style={{ marginTop: 16 }}>
        <Button disabled={!chosen} onClick={() => onPick(chosen)}>
          Use this invoice
        </Button>
        <ButtonLink variant="secondary" to="/invoice/create">
          Write a new invoice
        </ButtonLink>
      </Footer>
    </Card>
  );
}

/**
 * `/recurring/new` (from an invoice: `?from={invoiceId}`, 'Make recurring') and `/recurring/{id}/edit` (issue 33):
 * the schedule of a recurring invoice, its end, whether each run sends, what happens to missed runs.
 */
export function RecurringEditorPage() {
  const editingId = useParams().id;
  const [search, setSearch] = useSearchParams();
  const from = search.get('from');
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const existing = useQuery({ ...recurringProfileQuery(editingId ?? ''), enabled: Boolean(editingId) });
  const source = useQuery({
    queryKey: invoiceKeys.form(from ?? ''),
    queryFn: ({ signal }) => fetchInvoiceForm(from ?? '', signal),
    enabled: Boolean(from) && !editingId,
  });
  const [values, setValues] = useState<Values>(fresh);
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  useEffect(() => {
    if (existing.data && loadedFrom !== existing.data.id) {
      setValues(fromProfile(existing.data));
      setLoadedFrom(existing.data.id);
    }
  }, [existing.data, loadedFrom]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((all) => ({ ...all, [key]: value }));

  const template: InvoiceSubmitInput | null = editingId
    ? ((existing.data?.invoice as InvoiceSubmitInput | undefined) ?? null)
    : (source.data?.form ?? null);

  const save = useCommand({
    send: (input: RecurringProfileInput, key) =>
      editingId ? updateRecurring(editingId, input, key) : createRecurring(input, key),
    onSuccess: async (answer) => {
      toast(editingId ? 'Recurring invoice saved' : 'Recurring invoice created', { tone: 'success' });
      await invalidateAfter(queryClient, 'recurring').catch((error) =>
        logError('recurring reload failed', error),
      );
      navigate(`/recurring/${encodeURIComponent(String(answer.id ?? editingId ?? ''))}`);
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!template) return;
    const {
      draftId: _draft,
      status: _status,
      ...invoice
    } = template as InvoiceSubmitInput & {
      draftId?: string;
      status?: string;
    };
    save.run({
      invoice,
      frequency: values.frequency,
      dayOfMonth:
        values.frequency === 'weekly' || values.dayOfMonth === ''
          ? null
          : values.dayOfMonth === 'last'
            ? 'last'
            : Number(values.dayOfMonth),
      startDate: values.startDate,
      endDate: values.ends === 'date' ? values.endDate : null,
      count: values.ends === 'count' ? Number(values.count) : null,
      mode: values.mode,
      missed: values.missed,
      timeZone: existing.data?.timeZone ?? browserZone(),
    });
  };

  const title = editingId ? 'Edit recurring invoice' : 'New recurring invoice';
  if ((editingId && existing.isPending) || (from && !editingId && source.isPending))
    return <Loading label="Loading..." />;
  const failed = editingId ? existing.isError && !existing.data : from && source.isError && !source.data;
  if (failed)
    return (
      <Page title={title}>
        <Alert tone="error">
          {editingId ? 'The recurring invoice could not be loaded.' : 'The invoice could not be loaded.'}{' '}
          <Link to="/recurring">Back to recurring invoices</Link>
        </Alert>
      </Page>
    );
  if (!template)
    return (
      <Page title={title} description="Choose the invoice to repeat, then its schedule.">
        <InvoicePicker onPick={(id) => setSearch({ from: id })} />
      </Page>
    );
  const customer = template.customerCompanyName || template.customerName;
  return (
    <Page
      title={title}
      description={`Repeats invoice ${template.invoiceNumber} to ${customer}: each run gets the next invoice number, the run's date and the due date from the client's payment terms.`}
    >
      <Form onSubmit={submit} noValidate aria-label={title}>
        <Card aria-labelledby="recurring-schedule">
          <h2 id="recurring-schedule">Schedule</h2>
          <Grid>
            <SelectField
              label="Repeats"
              name="frequency"
              value={values.frequency}
              error={fields.frequency}
              onBlur={() => {}}
              onChange={(event) => set('frequency', event.target.value as Values['frequency'])}
              options={frequencyOptions}
            />
            {values.frequency !== 'weekly' && (
              <SelectField
                label="Day of the month"
                name="dayOfMonth"
                value={values.dayOfMonth}
                error={fields.dayOfMonth}
                onBlur={() => {}}
                onChange={(event) => set('dayOfMonth', event.target.value)}
                options={dayOptions}
              />
            )}
            <TextField
              label="First run"
              name="startDate"
              type="date"
              value={values.startDate}
              error={fields.startDate}
              onBlur={() => {}}
              onChange={(event) => set('startDate', event.target.value)}
            />
            <SelectField
              label="Ends"
              name="ends"
              value={values.ends}
              error={undefined}
              onBlur={() => {}}
              onChange={(event) => set('ends', event.target.value as Ends)}
              options={[
                { value: 'never', label: 'Never' },
                { value: 'date', label: 'On a date' },
                { value: 'count', label: 'After a number of invoices' },
              ]}
            />
            {values.ends === 'date' && (
              <TextField
                label="Last run on or before"
                name="endDate"
                type="date"
                value={values.endDate}
                error={fields.endDate}
                onBlur={() => {}}
                onChange={(event) => set('endDate', event.target.value)}
              />
            )}
            {values.ends === 'count' && (
              <TextField
                label="Number of invoices"
                name="count"
                type="number"
                inputMode="numeric"
                min={1}
                max={1000}
                value={values.count}
                error={fields.count}
                onBlur={() => {}}
                onChange={(event) => set('count', event.target.value)}
              />
            )}
          </Grid>
          <Muted>Runs happen on your day in {existing.data?.timeZone ?? browserZone()}.</Muted>
        </Card>
        <Card aria-labelledby="recurring-options">
          <h2 id="recurring-options">Each run</h2>
          <Grid>
            <Choices>
              <legend>What happens</legend>
              <label>
                <input
                  type="radio"
                  name="mode"
                  checked={values.mode === 'send'}
                  onChange={() => set('mode', 'send')}
                />
                Issue and send it to the customer
              </label>
              <label>
                <input
                  type="radio"
                  name="mode"
                  checked={values.mode === 'draft'}
                  onChange={() => set('mode', 'draft')}
                />
                Issue it as a draft for me to send
              </label>
            </Choices>
            <Choices>
              <legend>Runs missed while Remit was offline</legend>
              <label>
                <input
                  type="radio"
                  name="missed"
                  checked={values.missed === 'issue'}
                  onChange={() => set('missed', 'issue')}
                />
                Issue each one, oldest first
              </label>
              <label>
                <input
                  type="radio"
                  name="missed"
                  checked={values.missed === 'skip'}
                  onChange={() => set('missed', 'skip')}
                />
                Skip them
              </label>
            </Choices>
          </Grid>
        </Card>
        {save.error && (
          <Alert tone="error">{errorMessage(save.error, 'The recurring invoice could not be saved.')}</Alert>
        )}
        <Footer>
          <Button type="submit" busy={save.busy}>
            {editingId ? 'Save changes' : 'Create recurring invoice'}
          </Button>
          <ButtonLink
            variant="secondary"
            to={editingId ? `/recurring/${encodeURIComponent(editingId)}` : '/recurring'}
          >
            Cancel
          </ButtonLink>
        </Footer>
      </Form>
    </Page>
  );
}
