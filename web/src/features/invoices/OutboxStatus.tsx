import styled from 'styled-components';
import { Button } from '../../components/ui/Button';
import { useOnlineStatus } from '../../hooks/useOnlineStatus';
import { commandLabel, discardCommand, useOutbox, useSentCommands } from './outbox';

const Panel = styled.section`
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warningBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  &[data-tone='success'] { border-color: ${({ theme }) => theme.colors.successBorder}; background: ${({ theme }) => theme.colors.successSoft}; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.sm}; margin-bottom: ${({ theme }) => theme.space.xxs}; }
  ul { list-style: none;
  padding: 0;
  margin: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.xxs}; }
  li { display: flex; flex-wrap: wrap; align-items: center; gap: ${({ theme }) => theme.space.xs}; }
  em { color: ${({ theme }) => theme.colors.danger}; font-style: normal; }
`;

/** DESIGN §8: what waits in the outbox (and why, if refused) and what was sent since. */
export function OutboxStatus() {
  const waiting = useOutbox();
  const sent = useSentCommands();
  const online = useOnlineStatus();
  if (waiting.length === 0 && sent.length === 0) return null;
  return (
    <>
      {waiting.length > 0 && (
        <Panel aria-live="polite" aria-label="Waiting to be sent">
          <h2>
            {waiting.length === 1 ? '1 invoice is' : `${waiting.length} invoices are`} waiting to be sent
            {online ? '' : ' when you are back online'}
          </h2>
          <ul>
            {waiting.map((command) => (
              <li key={command.idempotencyKey}>
                {commandLabel(command)}
                {command.lastError ? (
                  <>
                    <em>Refused: {command.lastError}</em>
                    <Button variant="ghost" onClick={() => void discardCommand(command.seq ?? -1)}>
                      Discard
                    </Button>
                  </>
                ) : (
                  <span>— waiting</span>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {sent.length > 0 && (
        <Panel data-tone="success" aria-live="polite" aria-label="Sent">
          <h2>Sent after reconnecting</h2>
          <ul>
            {sent.map((record) => (
              <li key={record.idempotencyKey}>Invoice {record.label} was generated.</li>
            ))}
          </ul>
        </Panel>
      )}
    </>
  );
}
