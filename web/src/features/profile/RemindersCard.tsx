import {
  type ReminderSettingsAnswer,
  reminderOffsetChoices,
  reminderOffsetLabel,
  reminderSettingsSchema,
} from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { settingsKeys } from '../../api/keys';
import { fetchReminderSettings, saveReminderSettings } from '../../api/reminders';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { useToast } from '../toasts/ToastProvider';
import { ProfileCard } from './parts';
import { Switch } from './Switch';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};

  strong { display: block; font-weight: ${({ theme }) => theme.fontWeights.semibold}; color: ${({ theme }) => theme.colors.ink}; }
  span { display: block; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: ${({ theme }) => theme.space.md} 0 0;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  min-width: 0;

  legend {
    float: left;
    width: 100%;
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.ink};
  }
  &:disabled label { opacity: 0.55; cursor: not-allowed; }
`;

const Choices = styled.div`
  clear: both;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  grid-template-columns: repeat(auto-fill, minmax(210px, 1fr));
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  input { width: 18px; height: 18px; margin: 0; accent-color: ${({ theme }) => theme.colors.brand}; }
`;

const Hint = styled.p`
  clear: both;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * 'Reminders' on /profile (issue 14): automatic payment reminders to customers (off until the owner turns
 * them on, on the days they choose) and the owner's own e-mails (first view, overdue; on by default).
 */
export function RemindersCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const titleId = useId();
  const switchHintId = useId();
  const saved = useQuery({
    queryKey: settingsKeys.reminders,
    queryFn: ({ signal }) => fetchReminderSettings(signal),
  });
  const [draft, setDraft] = useState<ReminderSettingsAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data && !draft) setDraft(saved.data);
  }, [saved.data, draft]);

  const save = useCommand({
    send: (settings: ReminderSettingsAnswer, key) => saveReminderSettings(settings, key),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.reminders, answer);
      setDraft(answer);
      toast('Reminder settings saved', { tone: 'success' });
    },
    onError: (error) =>
      setProblem(errorMessage(error, 'Your reminder settings could not be saved. Try again.')),
  });

  if (!draft) {
    return (
      <ProfileCard title="Reminders" titleId={titleId}>
        {saved.isError ? (
          <Alert tone="error">Your reminder settings could not be loaded.</Alert>
        ) : (
          <Intro>Loading…</Intro>
        )}
      </ProfileCard>
    );
  }

  const change = (next: Partial<ReminderSettingsAnswer>) => {
    setProblem(null);
    setDraft({ ...draft, ...next });
  };
  const toggleOffset = (offset: number, on: boolean) =>
    change({
      reminderOffsets: on
        ? [...draft.reminderOffsets, offset].sort((a, b) => a - b)
        : draft.reminderOffsets.filter((chosen) => chosen !== offset),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { position: _position, ...settings } = draft;
    const checked = reminderSettingsSchema.safeParse(settings);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check your reminder settings');
      return;
    }
    save.run(checked.data);
  };

  return (
    <ProfileCard title="Reminders" titleId={titleId}>
      <Form onSubmit={submit} aria-labelledby={titleId} noValidate>
        <Row>
          <div>
            <strong>Payment reminders to customers</strong>
            <span id={switchHintId}>
              {draft.remindersEnabled
                ? 'On: unpaid invoices get a short, polite e\u2011mail on the days below.'
                : 'Off: customers get no automatic e\u2011mails from you.'}
            </span>
          </div>
          <Switch
            checked={draft.remindersEnabled}
            label="Send payment reminders to customers"
            onChange={(remindersEnabled) => change({ remindersEnabled })}
          />
        </Row>
        <Group disabled={!draft.remindersEnabled}>
          <legend>When to remind</legend>
          <Choices>
            {reminderOffsetChoices.map((offset) => (
              <Check key={offset}>
                <input
                  type="checkbox"
                  checked={draft.reminderOffsets.includes(offset)}
                  onChange={(event) => toggleOffset(offset, event.target.checked)}
                />
                {reminderOffsetLabel(offset)}
              </Check>
            ))}
          </Choices>
          <Hint>
            Each reminder goes once, with the amount due and how to pay. Paid and void invoices get none, and
            you can turn them off for a single invoice in its preview.
          </Hint>
        </Group>
        <Group>
          <legend>E-mail me when</legend>
          <Choices>
            <Check>
              <input
                type="checkbox"
                checked={draft.notifyOnFirstView}
                onChange={(event) => change({ notifyOnFirstView: event.target.checked })}
              />
              A customer first opens an invoice
            </Check>
            <Check>
              <input
                type="checkbox"
                checked={draft.notifyOnOverdue}
                onChange={(event) => change({ notifyOnOverdue: event.target.checked })}
              />
              An invoice becomes overdue
            </Check>
          </Choices>
        </Group>
        {problem && <Alert tone="error">{problem}</Alert>}
        <Actions>
          <Button type="submit" busy={save.busy}>
            Save reminders
          </Button>
        </Actions>
      </Form>
    </ProfileCard>
  );
}
