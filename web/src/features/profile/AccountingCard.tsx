import {
  type AccountingSettings,
  accountingSettingsSchema,
  type ChartOfAccounts,
  chartsOfAccounts,
  defaultAccounts,
  revenueAccountKeys,
  revenueAccountLabels,
} from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { accountingSettingsQuery, saveAccountingSettings } from '../../api/exports';
import { settingsKeys } from '../../api/keys';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { useToast } from '../toasts/ToastProvider';
import { ProfileCard } from './parts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  align-items: end;

  label { display: flex; flex-direction: column; gap: 4px; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; color: ${({ theme }) => theme.colors.ink}; }
  input, select {
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space.xs};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.ink};
    font: inherit;
  }
`;

const Legend = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.ink};
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Typed text of the form: numbers as typed, until saved. */
type Draft = Omit<AccountingSettings, 'consultantNumber' | 'clientNumber'> & {
  consultantNumber: string;
  clientNumber: string;
};

const toDraft = (settings: AccountingSettings): Draft => ({
  ...settings,
  consultantNumber: String(settings.consultantNumber),
  clientNumber: String(settings.clientNumber),
});

/**
 * 'Accounting (DATEV)' on /profile (issue 32): the numbers and accounts the DATEV export writes: the tax advisor's
 * consultant and client number, the fiscal year, the account length, SKR03 or SKR04 and the revenue account per
 * VAT category (DATEV's own accounts until changed).
 */
export function AccountingCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const titleId = useId();
  const saved = useQuery(accountingSettingsQuery);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (saved.data && !draft) setDraft(toDraft(saved.data.settings));
  }, [saved.data, draft]);

  const save = useCommand({
    send: (settings: AccountingSettings, key) => saveAccountingSettings(settings, key),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.accounting, answer);
      setDraft(toDraft(answer.settings));
      toast('Accounting settings saved', { tone: 'success' });
    },
    onError: (error) =>
      setProblem(errorMessage(error, 'Your accounting settings could not be saved. Try again.')),
  });

  if (!draft) {
    return (
      <ProfileCard title="Accounting (DATEV)" titleId={titleId}>
        {saved.isError ? (
          <Alert tone="error">Your accounting settings could not be loaded.</Alert>
        ) : (
          <Intro>Loading…</Intro>
        )}
      </ProfileCard>
    );
  }

  const change = (next: Partial<Draft>) => {
    setProblem(null);
    setDraft({ ...draft, ...next });
  };
  const changeChart = (chart: ChartOfAccounts) => {
    const previous = defaultAccounts[draft.chart];
    const next = defaultAccounts[chart];
    // Accounts left at the other chart's defaults follow the chart; ones the owner changed stay.
    change({
      chart,
      receivableAccount:
        draft.receivableAccount === previous.receivable ? next.receivable : draft.receivableAccount,
      revenueAccounts: Object.fromEntries(
        revenueAccountKeys.map((key) => [
          key,
          draft.revenueAccounts[key] === previous.revenue[key]
            ? next.revenue[key]
            : draft.revenueAccounts[key],
        ]),
      ) as AccountingSettings['revenueAccounts'],
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = accountingSettingsSchema.safeParse({
      ...draft,
      consultantNumber: Number(draft.consultantNumber),
      clientNumber: Number(draft.clientNumber),
    });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check your accounting settings');
      return;
    }
    save.run(checked.data);
  };

  return (
    <ProfileCard title="Accounting (DATEV)" titleId={titleId}>
      <Form id="accounting" onSubmit={submit} aria-labelledby={titleId} noValidate>
        <Intro>
          What the DATEV export writes. Your tax advisor gives you the consultant and client number.
        </Intro>
        <Grid>
          <label>
            Consultant number
            <input
              inputMode="numeric"
              value={draft.consultantNumber}
              onChange={(event) => change({ consultantNumber: event.target.value })}
            />
          </label>
          <label>
            Client number
            <input
              inputMode="numeric"
              value={draft.clientNumber}
              onChange={(event) => change({ clientNumber: event.target.value })}
            />
          </label>
          <label>
            Fiscal year starts in
            <select
              value={draft.fiscalYearStartMonth}
              onChange={(event) => change({ fiscalYearStartMonth: Number(event.target.value) })}
            >
              {months.map((month, index) => (
                <option key={month} value={index + 1}>
                  {month}
                </option>
              ))}
            </select>
          </label>
          <label>
            Account length
            <select
              value={draft.accountLength}
              onChange={(event) => change({ accountLength: Number(event.target.value) })}
            >
              {[4, 5, 6, 7, 8].map((length) => (
                <option key={length} value={length}>
                  {length} digits
                </option>
              ))}
            </select>
          </label>
          <label>
            Chart of accounts
            <select
              value={draft.chart}
              onChange={(event) => changeChart(event.target.value as ChartOfAccounts)}
            >
              {chartsOfAccounts.map((chart) => (
                <option key={chart} value={chart}>
                  {chart}
                </option>
              ))}
            </select>
          </label>
          <label>
            Receivables account
            <input
              inputMode="numeric"
              value={draft.receivableAccount}
              onChange={(event) => change({ receivableAccount: event.target.value })}
            />
          </label>
        </Grid>
        <Legend>Revenue accounts by VAT</Legend>
        <Grid>
          {revenueAccountKeys.map((key) => (
            <label key={key}>
              {revenueAccountLabels[key]}
              <input
                inputMode="numeric"
                value={draft.revenueAccounts[key]}
                onChange={(event) =>
                  change({ revenueAccounts: { ...draft.revenueAccounts, [key]: event.target.value } })
                }
              />
            </label>
          ))}
        </Grid>
        {problem && <Alert tone="error">{problem}</Alert>}
        <Actions>
          <Button type="submit" busy={save.busy}>
            Save accounting
          </Button>
        </Actions>
      </Form>
    </ProfileCard>
  );
}
