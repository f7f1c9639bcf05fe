import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import styled from 'styled-components';
import { requestRaw } from '../../api/client';
import { ApiError, errorMessage, isNetworkError } from '../../api/errors';
import { dataUrlToFile } from '../../api/invoiceCreate';
import { fetchTemplates } from '../../api/invoices';
import { templateKeys } from '../../api/keys';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { logError } from '../../lib/log';
import { media } from '../../theme/theme';
import { FormReadinessChecklist } from './ReadinessChecklist';
import { RepeatChoice } from './RepeatChoice';
import type { Wizard } from './useWizard';
import type { WizardForm, WizardTemplate } from './wizardMachine';

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} { grid-template-columns: repeat(3, 1fr); }
  ${media.desktop} { grid-template-columns: repeat(4, 1fr); }
`;

const Tile = styled.li<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.brand : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.brandSoft : theme.colors.surface)};
  box-shadow: ${({ theme }) => theme.shadows.xs};

  img { width: 100%; aspect-ratio: 210 / 297; object-fit: cover; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.sm}; background: #fff; }
  strong { font-size: ${({ theme }) => theme.fontSizes.sm}; }
  div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.xxs}; }
`;

const Bar = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Frame = styled.iframe`
  width: 100%;
  height: 65vh;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
`;

function submitPayload(form: WizardForm, template: WizardTemplate) {
  return {
    ...form,
    templateId: template.ID,
    templateName: template.TemplateName,
    templateComponentName: template.TemplateComponentName,
    status: 'Draft' as const,
  };
}

/**
 * POST /templates/{id}/preview as POST /invoices is sent (multipart: the `invoice` JSON and the `logo`
 * file), so the preview is rendered with the same logo and payment method as the PDF will be.
 */
async function previewInvoice(
  template: WizardTemplate,
  form: WizardForm,
  logo: string | null,
  signal: AbortSignal,
) {
  const body = new FormData();
  body.set('invoice', JSON.stringify(submitPayload(form, template)));
  const file = logo ? dataUrlToFile(logo) : null;
  if (file) body.set('logo', file);
  const response = await requestRaw('POST', `/templates/${encodeURIComponent(template.ID)}/preview`, {
    form: body,
    signal,
  });
  return response.text();
}

function PreviewModal({ wizard, template }: { wizard: Wizard; template: WizardTemplate }) {
  const form = wizard.context.storedForm ?? wizard.context.form;
  const { logo } = wizard.context;
  const preview = useQuery({
    queryKey: templateKeys.preview(template.ID, form, logo),
    queryFn: ({ signal }) => previewInvoice(template, form, logo, signal),
    meta: { persist: false },
    retry: false,
  });
  // The server's reason when it refused what was sent (a logo it cannot use); otherwise a general one.
  const failure =
    preview.error instanceof ApiError && preview.error.status < 500
      ? errorMessage(preview.error, '')
      : 'The preview could not be rendered.';
  return (
    <Modal
      title={template.TemplateName}
      wide
      onClose={() => wizard.send({ type: 'CLOSE_PREVIEW' })}
      footer={
        <>
          <Button variant="secondary" onClick={() => wizard.send({ type: 'CLOSE_PREVIEW' })}>
            Close
          </Button>
          <Button onClick={() => wizard.send({ type: 'SELECT', template })}>Select Template</Button>
        </>
      }
    >
      {preview.isPending && <Spinner label="Rendering preview" />}
      {preview.isError && <Alert tone="error">{failure} You can still select this template.</Alert>}
      {preview.data && <Frame title={`${template.TemplateName} preview`} srcDoc={preview.data} sandbox="" />}
      <FormReadinessChecklist form={form} />
    </Modal>
  );
}

/** Step 2 (spec §2): the template grid, the preview modal, Back and Generate Invoice. */
export function TemplateStep({ wizard }: { wizard: Wizard }) {
  const templates = useQuery({
    queryKey: templateKeys.list,
    queryFn: ({ signal }) => fetchTemplates(signal),
    // Spec §8: a failed fetch is logged and shows an empty list, but it never replaces the cached
    // templates (a rejected fetch keeps the last good answer; an empty answer written as success would not).
    retry: false,
  });
  useEffect(() => {
    if (templates.error) logError('templates load failed', templates.error);
  }, [templates.error]);
  const offlineWithout = templates.isError && !templates.data && isNetworkError(templates.error);
  const selected = wizard.context.template;
  const previewing = wizard.context.previewTemplate;
  const generating = wizard.state.matches('generating');
  return (
    <section aria-label="Choose a template">
      {offlineWithout && (
        <Alert tone="info">You are offline and the templates were never loaded on this device.</Alert>
      )}
      {templates.isPending ? (
        <Spinner label="Loading templates" />
      ) : (
        <Grid>
          {(templates.data ?? []).map((template) => (
            <Tile
              key={template.ID}
              $selected={selected?.ID === template.ID}
              aria-current={selected?.ID === template.ID || undefined}
            >
              {template.ThumbnailURL && <img src={template.ThumbnailURL} alt="" loading="lazy" />}
              <strong>{template.TemplateName}</strong>
              <div>
                <Button
                  variant="secondary"
                  onClick={() => wizard.send({ type: 'PREVIEW', template })}
                  aria-label={`Preview ${template.TemplateName}`}
                >
                  Preview
                </Button>
                <Button
                  variant={selected?.ID === template.ID ? 'primary' : 'ghost'}
                  aria-pressed={selected?.ID === template.ID}
                  onClick={() => wizard.send({ type: 'SELECT', template })}
                  aria-label={`Use ${template.TemplateName}`}
                >
                  {selected?.ID === template.ID ? 'Selected' : 'Use'}
                </Button>
              </div>
            </Tile>
          ))}
        </Grid>
      )}
      {!wizard.edit && !wizard.quote && <RepeatChoice wizard={wizard} disabled={generating} />}
      <Bar>
        <Button variant="secondary" onClick={() => wizard.send({ type: 'BACK' })} disabled={generating}>
          Back
        </Button>
        <Button
          size="lg"
          busy={generating}
          disabled={generating}
          onClick={() => wizard.send({ type: 'GENERATE' })}
        >
          {wizard.edit || wizard.quoteId
            ? 'Save changes'
            : wizard.quote
              ? 'Create Quote'
              : 'Generate Invoice'}
        </Button>
      </Bar>
      {previewing && <PreviewModal wizard={wizard} template={previewing} />}
    </section>
  );
}
