import { type ClientCandidate, type ClientFormInput, clientFormSchema } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { clientCandidatesQuery, importRows } from '../../api/clients';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { currentUserId } from '../../db/account';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import { Actions, List, Primary, Row } from './parts';

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.brandSoft};
  p { color: ${({ theme }) => theme.colors.ink}; }
`;

const Scroll = styled.div`
  max-height: 360px;
  overflow: auto;
  margin-top: ${({ theme }) => theme.space.md};
`;

/** A customer of past invoices as a client: the one-line address kept whole in the street (D-188). */
export function candidateInput(candidate: ClientCandidate): ClientFormInput {
  return {
    companyName: candidate.companyName,
    contactName: candidate.contactName,
    email: candidate.email,
    address: { street: candidate.address, postCode: '', city: '', country: '' },
    vatId: candidate.vatId,
  };
}

const DISMISSED_PREFIX = 'remit.clientCandidatesDismissed.';

/** The e-mails the owner said 'Not now' to, per account: the offer comes back only for new customers. */
function dismissedEmails(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(DISMISSED_PREFIX + currentUserId()) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function dismiss(emails: string[]): void {
  try {
    localStorage.setItem(DISMISSED_PREFIX + currentUserId(), JSON.stringify(emails));
  } catch {
    // Storage blocked: the offer shows again next time.
  }
}

/**
 * 'Create clients from past invoices' (issue 29, item 6): offered while customers of past invoices are not
 * clients; the dialog lists each one (grouped by e-mail, with its company) before anything is created, in one click.
 * 'Not now' hides the offer on this device until a new customer appears.
 */
export function FromInvoices() {
  const query = useQuery(clientCandidatesQuery);
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(dismissedEmails);
  const toast = useToast();
  const queryClient = useQueryClient();
  const offered = (query.data ?? []).filter(
    (candidate) => clientFormSchema.safeParse(candidateInput(candidate)).success,
  );
  const candidates = offered.filter((candidate) => !dismissed.has(candidate.email));
  const create = useCommand({
    send: (rows: ClientFormInput[], key) => importRows('clients', rows, key),
    onSuccess: async (answer) => {
      toast(`Created ${answer.imported} clients from past invoices`, { tone: 'success' });
      await invalidateAfter(queryClient, 'clients').catch((error) =>
        logError('clients reload failed', error),
      );
      setOpen(false);
    },
  });
  if (candidates.length === 0) return null;
  const n = candidates.length;
  return (
    <>
      <Banner>
        <p>
          {n === 1 ? '1 customer' : `${n} customers`} of your past invoices {n === 1 ? 'is' : 'are'} not a
          client yet.
        </p>
        <Actions>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Create clients from past invoices
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              const emails = offered.map((candidate) => candidate.email);
              dismiss(emails);
              setDismissed(new Set(emails));
            }}
          >
            Not now
          </Button>
        </Actions>
      </Banner>
      {open && (
        <Modal
          wide
          title="Create clients from past invoices"
          onClose={() => setOpen(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                busy={create.busy}
                disabled={create.busy}
                onClick={() => create.run(candidates.map(candidateInput))}
              >
                {n === 1 ? 'Create 1 client' : `Create ${n} clients`}
              </Button>
            </>
          }
        >
          <p>
            One client per e-mail address, with the name, company, address and VAT number of the last invoice.
            You can edit each client afterwards.
          </p>
          <Scroll>
            <List aria-label="Clients to create">
              {candidates.map((candidate) => (
                <li key={candidate.email}>
                  <Row>
                    <Primary>
                      <strong>{candidate.companyName || candidate.contactName}</strong>
                      <span>
                        {[candidate.contactName, candidate.email, `${candidate.invoices} invoices`].join(
                          ' · ',
                        )}
                      </span>
                    </Primary>
                  </Row>
                </li>
              ))}
            </List>
          </Scroll>
          {create.error && (
            <Alert tone="error">
              {errorMessage(create.error, 'The clients could not be created; nothing was created.')}
            </Alert>
          )}
        </Modal>
      )}
    </>
  );
}
