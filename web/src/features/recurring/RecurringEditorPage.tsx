import type { InvoiceSubmitInput, RecurringProfileInput } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCommand } from '../../api/command';
import { ApiError, errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { fetchInvoiceForm } from '../../api/invoiceEdit';
import { invoiceKeys } from '../../api/keys';
import { createRecurring, recurringProfileQuery, updateRecurring } from '../../api/recurring';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Page } from '../../layout/Page';
import { logError } from '../../lib/log';
import { Loading } from '../clients/parts';
import { useToast } from '../toasts/ToastProvider';
import { Footer, Form } from './editorParts';
import {
  browserZone,
  firstRunAfter,
  fresh,
  fromProfile,
  recurringRequest,
  type Values,
} from './editorValues';
import { InvoicePicker } from './InvoicePicker';
import { RunOptionsCard } from './RunOptionsCard';
import { ScheduleCard } from './ScheduleCard';

/** The profile being edited, or the invoice a new one repeats, and the editor's values made from it. */
function useEditorSource(editingId: string | undefined, from: string | null) {
  const existing = useQuery({ ...recurringProfileQuery(editingId ?? ''), enabled: Boolean(editingId) });
  const source = useQuery({
    queryKey: invoiceKeys.form(from ?? ''),
    queryFn: ({ signal }) => fetchInvoiceForm(from ?? '', signal),
    enabled: Boolean(from) && !editingId,
  });
  const [values, setValues] = useState<Values>(fresh);
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  // Until the owner picks a first run, it follows the frequency: one period after the invoice repeated.
  const [startChosen, setStartChosen] = useState(false);
  const issueDate = source.data?.form.issueDate;
  useEffect(() => {
    if (existing.data && loadedFrom !== existing.data.id) {
      setValues(fromProfile(existing.data));
      setLoadedFrom(existing.data.id);
    }
  }, [existing.data, loadedFrom]);
  useEffect(() => {
    if (!issueDate || startChosen) return;
    setValues((all) => ({ ...all, startDate: firstRunAfter(issueDate, all.frequency) }));
  }, [issueDate, startChosen]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    if (key === 'startDate') setStartChosen(true);
    setValues((all) => {
      const next = { ...all, [key]: value };
      return key === 'frequency' && issueDate && !startChosen
        ? { ...next, startDate: firstRunAfter(issueDate, next.frequency) }
        : next;
    });
  };
  const template: InvoiceSubmitInput | null = editingId
    ? ((existing.data?.invoice as InvoiceSubmitInput | undefined) ?? null)
    : (source.data?.form ?? null);
  const pending = (editingId && existing.isPending) || (from && !editingId && source.isPending);
  const failed = editingId ? existing.isError && !existing.data : from && source.isError && !source.data;
  const timeZone = existing.data?.timeZone ?? browserZone();
  return { values, set, template, pending, failed, timeZone };
}

/**
 * `/recurring/new` (from an invoice: `?from={invoiceId}`, 'Make recurring' or the wizard's 'Repeat this invoice')
 * and `/recurring/{id}/edit` (issue 33): the schedule of a recurring invoice, its end, whether each run sends, what
 * happens to missed runs.
 */
export function RecurringEditorPage() {
  const editingId = useParams().id;
  const [search, setSearch] = useSearchParams();
  const from = search.get('from');
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { values, set, template, pending, failed, timeZone } = useEditorSource(editingId, from);

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
    if (template) save.run(recurringRequest(template, values, timeZone));
  };

  const title = editingId ? 'Edit recurring invoice' : 'New recurring invoice';
  if (pending) return <Loading label="Loading..." />;
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
        <ScheduleCard values={values} set={set} fields={fields} timeZone={timeZone} />
        <RunOptionsCard values={values} set={set} />
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
