import type { OnlinePaymentsStatus } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { onlinePaymentKeys } from '../../api/keys';
import {
  connectOnlinePayments,
  disconnectOnlinePayments,
  fetchOnlinePayments,
  refreshOnlinePayments,
} from '../../api/onlinePayments';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { useToast } from '../toasts/ToastProvider';
import { ProfileCard } from './parts';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Status = styled.p<{ $on: boolean }>`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.ink)};

  &::before {
    content: '';
    flex: none;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.warning)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const providerName = (status: OnlinePaymentsStatus) =>
  status.mode === 'sandbox'
    ? 'the built-in sandbox'
    : status.mode === 'own'
      ? "this server's Stripe account"
      : 'Stripe';

const stateText = (status: OnlinePaymentsStatus) =>
  status.state === 'on'
    ? `Connected: customers can pay by card through ${providerName(status)}`
    : 'Connected: finish setting up your Stripe account to take payments';

/**
 * 'Online payments' on /profile (issue 31): connect a payment account so the customer page (and the sent
 * e-mail) offer 'Pay {amount}'. With Stripe Connect the owner finishes onboarding on Stripe's own pages
 * and comes back here (`?online-payments=return`), where the account is asked again.
 */
export function OnlinePaymentsCard() {
  const titleId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const status = useQuery({
    queryKey: onlinePaymentKeys.status,
    queryFn: ({ signal }) => fetchOnlinePayments(signal),
  });
  const keep = (answer: OnlinePaymentsStatus) => queryClient.setQueryData(onlinePaymentKeys.status, answer);

  const connect = useCommand({
    send: (_, key) => connectOnlinePayments(key),
    onSuccess: (answer) => {
      const { url, ...connected } = answer;
      keep(connected);
      // Stripe's onboarding, or straight back here when there is none (the sandbox, the server's own account).
      if (answer.state === 'on') toast('Online payments connected', { tone: 'success' });
      else window.location.assign(url);
    },
    onError: (error) => setProblem(errorMessage(error, 'Online payments could not be connected. Try again.')),
  });
  const disconnect = useCommand({
    send: (_, key) => disconnectOnlinePayments(key),
    onSuccess: (answer) => {
      keep(answer);
      toast('Online payments disconnected', { tone: 'success' });
    },
    onError: (error) =>
      setProblem(errorMessage(error, 'Online payments could not be disconnected. Try again.')),
  });
  const refresh = useCommand({
    send: (_, key) => refreshOnlinePayments(key),
    onSuccess: keep,
  });
  const returned = params.get('online-payments');
  const { run: runRefresh } = refresh;
  useEffect(() => {
    if (returned !== 'return' && returned !== 'refresh') return;
    runRefresh();
    setParams({}, { replace: true });
  }, [returned, runRefresh, setParams]);

  const current = status.data;
  return (
    <ProfileCard title="Online payments" titleId={titleId}>
      <Body>
        {!current ? (
          status.isError ? (
            <Alert tone="error">Online payments could not be loaded.</Alert>
          ) : (
            <Muted>Loading…</Muted>
          )
        ) : current.state === 'off' ? (
          <>
            <Muted>
              Let customers pay your invoices by card from the invoice page and the e&#8209;mail. Payments are
              recorded on the invoice by themselves, and the money goes to your own{' '}
              {current.mode === 'sandbox' ? 'sandbox account (a test: no money moves)' : 'Stripe account'}.
            </Muted>
            <Actions>
              <Button busy={connect.busy} onClick={() => connect.run()}>
                {current.mode === 'connect' ? 'Connect with Stripe' : 'Connect'}
              </Button>
            </Actions>
          </>
        ) : (
          <>
            <Status $on={current.state === 'on'}>{stateText(current)}</Status>
            {current.mode === 'sandbox' && (
              <Muted>Test mode: no Stripe key is configured on this server, so no money moves.</Muted>
            )}
            <Actions>
              {current.state === 'pending' && (
                <Button busy={connect.busy} onClick={() => connect.run()}>
                  Finish setup on Stripe
                </Button>
              )}
              <Button variant="danger" busy={disconnect.busy} onClick={() => disconnect.run()}>
                Disconnect
              </Button>
            </Actions>
          </>
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
      </Body>
    </ProfileCard>
  );
}
