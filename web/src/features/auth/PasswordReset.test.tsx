import { authMessages } from '@remit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';

describe("'Forgot password?' (/login-basic → /forgot-password)", () => {
  it('links from the sign-in form, carrying the address typed there', async () => {
    mockApi({});
    const { router } = renderApp('/login-basic');
    await screen.findByRole('heading', { name: 'Sign in with email' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('sends the address and says to check the mailbox, whether or not it has an account', async () => {
    const { requests } = mockApi({
      'POST /auth/forgot-password': () => ({ status: 202, body: { message: authMessages.resetSent } }),
    });
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Reset your password' });
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ada.example.com');
    await user.tab();
    expect(screen.getByText(authMessages.emailInvalid)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for/)).toHaveTextContent(
      'If an account exists for Ada@Example.com',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login-basic');
    expect(requests.find((request) => request.path === '/auth/forgot-password')?.body).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('setting a new password (/reset-password?token=…&email=…)', () => {
  const link = '/reset-password?token=tok-123&email=ada%40example.com';

  it('asks for the new password twice, by the sign-up rules', async () => {
    mockApi({});
    renderApp(link);
    await screen.findByRole('heading', { name: 'Set a new password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'abcdefgh');
    expect(screen.getByText(authMessages.passwordNeedsUppercase)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'X1');
    await user.type(screen.getByLabelText('Confirm new password'), 'abcdefghX2');
    await user.tab();
    expect(screen.getByText(authMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
  });

  it('sends the link with the new password, then sign-in asks for it with the address filled in', async () => {
    const { requests } = mockApi({
      'POST /auth/reset-password': () => ({ body: { message: authMessages.passwordReset, position: '12' } }),
    });
    const { router } = renderApp(link);
    await screen.findByRole('heading', { name: 'Set a new password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Moonflower77');
    await user.type(screen.getByLabelText('Confirm new password'), 'Moonflower77');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-basic');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(await screen.findByText(authMessages.passwordReset)).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/auth/reset-password')?.body).toEqual({
      email: 'ada@example.com',
      token: 'tok-123',
      password: 'Moonflower77',
    });
  });

  it('offers a new link when this one has expired', async () => {
    mockApi({
      'POST /auth/reset-password': () => ({
        status: 400,
        body: { error: authMessages.resetExpired, code: 'reset_expired' },
      }),
    });
    renderApp(link);
    await screen.findByRole('heading', { name: 'Set a new password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Moonflower77');
    await user.type(screen.getByLabelText('Confirm new password'), 'Moonflower77');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(authMessages.resetExpired);
    expect(within(alert).getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password?email=ada%40example.com',
    );
  });

  it('says so when the link lost its token', async () => {
    mockApi({});
    renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'Set a new password' });
    expect(screen.getByText(/This password reset link is invalid/)).toBeInTheDocument();
  });
});

describe("the profile's Security card", () => {
  function api(onChange: () => { status?: number; body?: unknown }) {
    return mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
      'GET /settings/profile': () => ({
        body: { Name: 'Ada', Email: 'ada@example.com', Settings: { LogoURL: null }, Subscription: null },
      }),
      'GET /settings/payment-methods': () => ({ body: { paymentMethods: [] } }),
      'POST /auth/change-password': onChange,
      'POST /auth/sessions/end-others': () => ({ body: { message: authMessages.otherSessionsEnded } }),
    });
  }

  async function openSecurity() {
    storeToken('jwt');
    renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'Security' });
    return { card, user: userEvent.setup() };
  }

  it('changes the password with the current one, and shows a wrong current password under its field', async () => {
    let answer: { status?: number; body?: unknown } = {
      status: 400,
      body: {
        error: authMessages.currentPasswordWrong,
        code: 'current_password_wrong',
        fields: { currentPassword: authMessages.currentPasswordWrong },
      },
    };
    const { requests } = api(() => answer);
    const { card, user } = await openSecurity();
    const form = within(card);
    await user.type(form.getByLabelText('Current password'), 'Sunflower41');
    await user.type(form.getByLabelText('New password'), 'Sunflower41');
    await user.tab();
    expect(form.getByText(authMessages.passwordUnchanged)).toBeInTheDocument();
    await user.clear(form.getByLabelText('New password'));
    await user.type(form.getByLabelText('New password'), 'Moonflower77');
    await user.type(form.getByLabelText('Confirm new password'), 'Moonflower77');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(authMessages.currentPasswordWrong)).toBeInTheDocument();

    answer = { body: { message: authMessages.passwordChanged, position: '5' } };
    await user.clear(form.getByLabelText('Current password'));
    await user.type(form.getByLabelText('Current password'), 'Sunflower42');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(authMessages.passwordChanged)).toBeInTheDocument();
    // A fresh form: the passwords do not linger.
    expect(within(card).getByLabelText('Current password')).toHaveValue('');
    expect(requests.filter((request) => request.path === '/auth/change-password').at(-1)?.body).toEqual({
      currentPassword: 'Sunflower42',
      newPassword: 'Moonflower77',
    });
  });

  it('signs out of all other devices', async () => {
    const { requests } = api(() => ({ status: 500 }));
    const { card, user } = await openSecurity();
    await user.click(within(card).getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await screen.findByText(authMessages.otherSessionsEnded)).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/auth/sessions/end-others')).toBe(true);
  });
});
