import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import type { InvoiceListItem } from '../../api/invoiceList';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { DownloadMenu } from './DownloadMenu';
import { HistoryTab } from './HistoryTab';
import { canMarkPaid } from './InvoiceCard';
import { InvoiceOriginNote } from './InvoiceOriginNote';
import { invoicePreviewQuery } from './invoiceQueries';
import { PaymentsTab } from './PaymentsTab';
import { SendTab } from './SendTab';
import { ShareTab } from './ShareTab';

// On a narrow screen the strip scrolls sideways instead of running past the edge (issue 34 item 18).
const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xxs};
  max-width: 100%;
  overflow-x: auto;
  scrollbar-width: thin;
  margin-bottom: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  flex: none;
  white-space: nowrap;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.muted};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &[aria-selected='true'] { border-color: ${({ theme }) => theme.colors.brand}; color: ${({ theme }) => theme.colors.brandText}; }
`;

const Frame = styled.iframe`
  width: 100%;
  height: 65vh;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.muted};
`;

type TabName = 'preview' | 'history' | 'payments' | 'send' | 'share';

function PreviewTab({ id, number }: { id: string; number: string }) {
  const preview = useQuery(invoicePreviewQuery(id));
  if (preview.isPending)
    return (
      <Center>
        <Spinner label="Loading preview" />
      </Center>
    );
  if (preview.isError) return <Center>The preview could not be loaded.</Center>;
  return <Frame title={`Invoice ${number}`} srcDoc={preview.data} sandbox="" />;
}

interface InvoicePreviewModalProps {
  invoice: InvoiceListItem;
  downloading: boolean;
  onDownload: () => void;
  /** The XRechnung XML (the formats menu beside Download PDF). */
  onDownloadXml: () => void;
  onClose: () => void;
  /** 'Mark as paid' (issue 14), offered while a balance is due. */
  markingPaid?: boolean;
  onMarkPaid?: () => void;
  /** Duplicate (issue 27). */
  duplicating?: boolean;
  onDuplicate?: () => void;
  /** Opens on the Payments tab with 'Issue credit note' asked (issue 27: a final invoice is corrected so). */
  startCredit?: boolean;
}

/** Spec §2 'Invoice Preview': the invoice in its template, Close, Download PDF, and its history. */
export function InvoicePreviewModal({
  invoice,
  downloading,
  onDownload,
  onDownloadXml,
  onClose,
  markingPaid,
  onMarkPaid,
  duplicating,
  onDuplicate,
  startCredit = false,
}: InvoicePreviewModalProps) {
  const [tab, setTab] = useState<TabName>(startCredit ? 'payments' : 'preview');
  const tabButton = (name: TabName, label: string) => (
    <Tab type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
      {label}
    </Tab>
  );
  return (
    <Modal
      title="Invoice Preview"
      wide
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {/* Issue 27: edit until final; the edit screen says when it is final and what to do instead. */}
          <ButtonLink variant="secondary" to={`/invoice/${encodeURIComponent(invoice.ID)}/edit`}>
            Edit
          </ButtonLink>
          {onDuplicate && (
            <Button variant="secondary" busy={duplicating} onClick={onDuplicate}>
              Duplicate
            </Button>
          )}
          <ButtonLink variant="secondary" to={`/recurring/new?from=${encodeURIComponent(invoice.ID)}`}>
            Make recurring
          </ButtonLink>
          {onMarkPaid && canMarkPaid(invoice) && (
            <Button variant="secondary" busy={markingPaid} onClick={onMarkPaid}>
              Mark as paid
            </Button>
          )}
          <Button busy={downloading} onClick={onDownload}>
            Download PDF
          </Button>
          <DownloadMenu
            number={invoice.InvoiceNumber}
            busy={false}
            onPdf={onDownload}
            onXml={onDownloadXml}
          />
        </>
      }
    >
      <InvoiceOriginNote invoiceId={invoice.ID} />
      <Tabs role="tablist">
        {tabButton('preview', 'Preview')}
        {tabButton('history', 'History')}
        {tabButton('payments', 'Payments')}
        {tabButton('send', 'Send')}
        {tabButton('share', 'Share')}
      </Tabs>
      <div role="tabpanel">
        {tab === 'preview' && <PreviewTab id={invoice.ID} number={invoice.InvoiceNumber} />}
        {tab === 'history' && <HistoryTab id={invoice.ID} onSendAgain={() => setTab('send')} />}
        {tab === 'payments' && <PaymentsTab invoice={invoice} startCredit={startCredit} />}
        {tab === 'share' && <ShareTab invoice={invoice} />}
        {tab === 'send' && <SendTab invoice={invoice} onSent={() => setTab('history')} />}
      </div>
    </Modal>
  );
}
