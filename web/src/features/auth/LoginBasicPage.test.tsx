import { authMessages } from '@remit/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';

async function openSignIn(path = '/login-basic') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in with email' });
  return { ...view, user: userEvent.setup() };
}

describe('sign-in form (/login-basic)', () => {
  it('shows no message before a field is touched and keeps Sign in disabled while invalid', async () => {
    mockApi({});
    await openSignIn();
    expect(screen.queryByText(authMessages.emailRequired)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('shows the required messages on blur', async () => {
    mockApi({});
    const { user } = await openSignIn();
    await user.click(screen.getByLabelText('Email'));
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the format and length messages as the user types', async () => {
    mockApi({});
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    expect(screen.getByText(authMessages.emailInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(screen.getByText(authMessages.passwordTooShortSignIn)).toBeInTheDocument();
  });

  it('touches every field when Enter is pressed on an invalid form', async () => {
    mockApi({});
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
  });

  it("shows the server's error in an alert when the password is wrong", async () => {
    mockApi({
      'POST /auth/login': () => ({ status: 401, body: { error: authMessages.invalidCredentials } }),
    });
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidCredentials);
    expect(readToken()).toBeNull();
  });

  it('offers to resend the verification email when the address is not verified', async () => {
    const { requests } = mockApi({
      'POST /auth/login': () => ({
        status: 403,
        body: { error: authMessages.emailNotVerified, code: 'email_not_verified' },
      }),
      'POST /auth/resend-verification': () => ({
        status: 202,
        body: { message: authMessages.verificationSent },
      }),
    });
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(authMessages.verificationSent)).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/auth/resend-verification')?.body).toEqual({
      email: 'Ada@Example.com',
    });
  });

  it('signs in and returns to the redirect target', async () => {
    const { requests } = mockApi({
      'POST /auth/login': () => ({ body: { token: 'jwt', user: testUser, position: '7' } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
    });
    const { user, router } = await openSignIn('/login-basic?redirect=%2Fprofile');
    await user.type(screen.getByLabelText('Email'), ' ADA@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(readToken()).toBe('jwt');
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com', password: 'Secret123' });
  });
});
