import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../components/ui/Button';
import type { OutboxCommand } from '../../db/database';
import { discardCommand, retryOutboxNow } from '../../db/outbox';
import { commandNoun, describeUnsentWork } from '../../db/unsentWork';
import { useOnlineStatus } from '../../hooks/useOnlineStatus';
import { useAuth } from '../auth/AuthProvider';
import { useSentCommands, useUnsentWork } from './outbox';

const Panel = styled.section`
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warningBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  &[data-tone='success'] { border-color: ${({ theme }) => theme.colors.successBorder}; background: ${({ theme }) => theme.colors.successSoft}; }
  header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: ${({ theme }) => theme.space.xs}; margin-bottom: ${({ theme }) => theme.space.xxs}; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.sm}; }
  ul { list-style: none;
  padding: 0;
  margin: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.xxs}; }
  li { display: flex; flex-wrap: wrap; align-items: center; gap: ${({ theme }) => theme.space.xs}; }
  em { color: ${({ theme }) => theme.colors.danger}; font-style: normal; }
`;

function headline(waiting: OutboxCommand[], online: boolean): string {
  const noun = commandNoun(waiting);
  const count = waiting.length === 1 ? `1 ${noun} is` : `${waiting.length} ${noun}s are`;
  return `${count} waiting to be sent${online ? '' : ' when you are back online'}`;
}

function Refused({ command }: { command: OutboxCommand }) {
  return (
    <>
      <em>Refused: {command.lastError}</em>
      {command.draftId && (
        <Link to={`/invoice/create?draft=${encodeURIComponent(command.draftId)}`}>Fix and resend</Link>
      )}
      <Button variant="ghost" onClick={() => void discardCommand(command.seq ?? -1)}>
        Discard
      </Button>
    </>
  );
}

/**
 * DESIGN §8: what waits in this account's outbox (and why, if refused) and what was sent since; with
 * `withDrafts` (the dashboard, where no drafts list is) also the drafts not behind a queued command, so
 * every piece of unsent work the logout dialog counts is on screen (db/unsentWork.ts).
 */
export function OutboxStatus({ withDrafts = false }: { withDrafts?: boolean }) {
  const { user } = useAuth();
  const work = useUnsentWork(user?.id);
  const waiting = work.commands;
  const drafts = withDrafts ? work.drafts : [];
  const sent = useSentCommands();
  const online = useOnlineStatus();
  if (waiting.length === 0 && sent.length === 0 && drafts.length === 0) return null;
  const retrying = waiting.some((command) => !command.lastError && command.attempts > 0);
  return (
    <>
      {waiting.length > 0 && (
        <Panel aria-live="polite" aria-label="Waiting to be sent">
          <header>
            <h2>{headline(waiting, online)}</h2>
            {online && waiting.some((command) => !command.lastError) && (
              <Button variant="secondary" onClick={retryOutboxNow}>
                Retry now
              </Button>
            )}
          </header>
          {online && retrying && <p>The server could not be reached. Retrying automatically.</p>}
          <ul>
            {waiting.map((command) => (
              <li key={command.idempotencyKey}>
                {command.label}
                {command.lastError ? <Refused command={command} /> : <span>— waiting</span>}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {drafts.length > 0 && (
        <Panel aria-label="Drafts on this device">
          <p>
            {describeUnsentWork({ commands: [], drafts })} saved on this device, not sent yet.{' '}
            <Link to="/invoice/create">Open drafts</Link>
          </p>
        </Panel>
      )}
      {sent.length > 0 && (
        <Panel data-tone="success" aria-live="polite" aria-label="Sent">
          <h2>Sent after reconnecting</h2>
          <ul>
            {sent.map((record) => (
              <li key={record.idempotencyKey}>
                {record.outcome === 'issued' ? `${record.label} was generated.` : `Sent: ${record.label}.`}
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </>
  );
}
