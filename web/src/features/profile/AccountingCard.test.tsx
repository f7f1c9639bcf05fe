import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { warmRoutes } from '../../test/renderApp';
import { api, openProfile } from './testing';

beforeAll(() => warmRoutes('/profile'), 120_000);

describe("/profile's Accounting (DATEV)", () => {
  it('shows DATEV’s SKR03 accounts, moves them to SKR04 with the chart, and saves once on a double click', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    const card = within(await screen.findByRole('region', { name: 'Accounting (DATEV)' }));
    expect(await card.findByLabelText('Standard rate 19 %')).toHaveValue('8400');
    expect(card.getByLabelText('Reverse charge (§ 13b)')).toHaveValue('8337');
    await user.clear(card.getByLabelText('Consultant number'));
    await user.type(card.getByLabelText('Consultant number'), '1234567');
    await user.clear(card.getByLabelText('Client number'));
    await user.type(card.getByLabelText('Client number'), '10001');
    // An account the owner changed stays; the defaults follow the chart.
    await user.clear(card.getByLabelText('Export outside the EU'));
    await user.type(card.getByLabelText('Export outside the EU'), '8121');
    await user.selectOptions(card.getByLabelText('Chart of accounts'), 'SKR04');
    expect(card.getByLabelText('Standard rate 19 %')).toHaveValue('4400');
    expect(card.getByLabelText('Receivables account')).toHaveValue('1210');
    expect(card.getByLabelText('Export outside the EU')).toHaveValue('8121');
    await user.dblClick(card.getByRole('button', { name: 'Save accounting' }));
    await screen.findByText('Accounting settings saved');
    const puts = requests.filter(
      (request) => request.method === 'PUT' && request.path === '/settings/accounting',
    );
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({
      consultantNumber: 1234567,
      clientNumber: 10001,
      chart: 'SKR04',
      receivableAccount: '1210',
      revenueAccounts: { standard19: '4400', reverseCharge: '4337', export: '8121' },
    });
  });

  it('says what is wrong before sending', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    const card = within(await screen.findByRole('region', { name: 'Accounting (DATEV)' }));
    await user.clear(await card.findByLabelText('Consultant number'));
    await user.type(card.getByLabelText('Consultant number'), '12');
    await user.click(card.getByRole('button', { name: 'Save accounting' }));
    expect(await card.findByText('A consultant number is 1001 to 9999999')).toBeInTheDocument();
    await user.clear(card.getByLabelText('Consultant number'));
    await user.type(card.getByLabelText('Consultant number'), '1001');
    await user.clear(card.getByLabelText('Reduced rate 7 %'));
    await user.type(card.getByLabelText('Reduced rate 7 %'), '83000');
    await user.click(card.getByRole('button', { name: 'Save accounting' }));
    expect(await card.findByText('An account has at most 4 digits (the account length)')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        requests.filter((request) => request.path === '/settings/accounting' && request.method === 'PUT'),
      ).toHaveLength(0),
    );
  });
});
