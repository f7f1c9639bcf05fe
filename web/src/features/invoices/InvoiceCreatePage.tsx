import { useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { newIdempotencyKey } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { PageSpinner } from '../../components/ui/Spinner';
import { Page } from '../../layout/Page';
import { DraftsPanel } from './DraftsPanel';
import { EditRefusalNotice } from './EditRefusalNotice';
import { InvoiceFormStep } from './InvoiceFormStep';
import { OutboxStatus } from './OutboxStatus';
import { PlansOverlay } from './PlansOverlay';
import { TemplateStep } from './TemplateStep';
import { useWizard } from './useWizard';

const Steps = styled.ol`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  list-style: none;
  padding: 0;
  li { color: ${({ theme }) => theme.colors.muted}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  li[aria-current='step'] { color: ${({ theme }) => theme.colors.brandText}; }
`;

/** The two steps, for a new invoice or (`editing`, issue 27) an issued one opened to change it. */
export function Wizard({
  draftId,
  editing,
  onReload,
  resumed = false,
  quote = false,
  quoteId,
}: {
  draftId: string;
  /** Opened by its id (`?draft=`): this device's draft, or the server's (issue 27). */
  resumed?: boolean;
  editing?: { invoiceId: string };
  /** Editing: open the invoice again as it now stands (after another device changed it). */
  onReload?: () => void;
  /** A quote (issue 33): the same form and templates, with 'Valid until'. */
  quote?: boolean;
  /** A quote opened to edit (issue 33). */
  quoteId?: string;
}) {
  const wizard = useWizard(draftId, editing, resumed, quote, quoteId);
  const navigate = useNavigate();
  const { step } = wizard;
  const final = wizard.edit?.finalMessage ?? null;
  return (
    <Page
      title={editing ? 'Edit Invoice' : quoteId ? 'Edit Quote' : quote ? 'New Quote' : 'Create Invoice'}
      description={
        step === 2
          ? 'Step 2 of 2: choose a template.'
          : `Step 1 of 2: the ${quote ? 'quote' : 'invoice'} details.`
      }
    >
      {!editing && !quote && <OutboxStatus />}
      {!editing && !quote && <DraftsPanel currentId={draftId} />}
      {editing && (final || wizard.editRefusal) && (
        <EditRefusalNotice
          invoiceId={editing.invoiceId}
          refusal={final ? { code: 'invoice_final', message: final } : wizard.editRefusal}
          onReload={onReload}
          onOverwrite={() => void wizard.saveOverOtherEdit()}
        />
      )}
      {wizard.loadError && (
        <Alert tone="error">
          <span>
            {wizard.loadError}
            {quoteId && (
              <>
                {' '}
                <Link to={`/quotes/${encodeURIComponent(quoteId)}`}>Back to the quote</Link>
              </>
            )}
          </span>
        </Alert>
      )}
      {final || wizard.loadError ? null : (
        <>
          <Steps aria-label="Progress">
            <li aria-current={step <= 1 ? 'step' : undefined}>1. Details</li>
            <li aria-current={step === 2 ? 'step' : undefined}>2. Template</li>
          </Steps>
          {step === 0 && <PageSpinner label={`Loading the ${quote ? 'quote' : 'invoice'} form...`} />}
          {step === 1 && wizard.context.refusal && (
            <Alert tone="error">
              The server refused this {quote ? 'quote' : 'invoice'} when it was sent: {wizard.context.refusal}{' '}
              Fix it below, then generate it again.
            </Alert>
          )}
          {step === 1 && <InvoiceFormStep wizard={wizard} />}
          {step === 2 && <TemplateStep wizard={wizard} />}
        </>
      )}
      {wizard.state.matches('plans') && (
        <PlansOverlay
          onClose={() => {
            wizard.send({ type: 'CLOSE_PLANS' });
            navigate('/');
          }}
        />
      )}
    </Page>
  );
}

/** '/invoice/create' (spec §2): the two-step wizard; `?draft=` resumes a saved draft. */
export function InvoiceCreatePage() {
  const [params] = useSearchParams();
  const resume = params.get('draft');
  const draftId = useMemo(() => resume ?? newIdempotencyKey(), [resume]);
  return <Wizard key={draftId} draftId={draftId} resumed={resume !== null} />;
}

/** '/quotes/{id}/edit' (issue 33): a draft, sent or expired quote in the wizard; saving keeps its number. */
export function QuoteEditPage() {
  const { id = '' } = useParams();
  return <Wizard key={id} draftId={`quote-edit-${id}`} quote quoteId={id} />;
}

/** '/quote/create' (issue 33): the invoice wizard making a quote. */
export function QuoteCreatePage() {
  const draftId = useMemo(() => `quote-${newIdempotencyKey()}`, []);
  return <Wizard key={draftId} draftId={draftId} quote />;
}
