import { authMessages } from '@remit/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';

async function openSignUp() {
  renderApp('/signup');
  await screen.findByRole('heading', { name: 'Create your account' });
  return userEvent.setup();
}

describe('sign-up form (/signup)', () => {
  it('shows the name messages', async () => {
    mockApi({});
    const user = await openSignUp();
    const name = screen.getByLabelText('Full name');
    await user.click(name);
    await user.tab();
    expect(screen.getByText(authMessages.nameRequired)).toBeInTheDocument();
    await user.type(name, 'A');
    expect(screen.getByText(authMessages.nameTooShort)).toBeInTheDocument();
    await user.type(name, 'da 3');
    expect(screen.getByText(authMessages.nameInvalid)).toBeInTheDocument();
  });

  it('shows the email messages', async () => {
    mockApi({});
    const user = await openSignUp();
    const email = screen.getByLabelText('Email');
    await user.click(email);
    await user.tab();
    expect(screen.getByText(authMessages.emailRequired)).toBeInTheDocument();
    await user.type(email, 'ada.example.com');
    expect(screen.getByText(authMessages.emailInvalid)).toBeInTheDocument();
  });

  it('shows each password rule in turn', async () => {
    mockApi({});
    const user = await openSignUp();
    const password = screen.getByLabelText('Password');
    await user.click(password);
    await user.tab();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
    await user.type(password, 'ABCDEFG');
    expect(screen.getByText(authMessages.passwordTooShortSignUp)).toBeInTheDocument();
    await user.type(password, 'H');
    expect(screen.getByText(authMessages.passwordNeedsLowercase)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'abcdefgh');
    expect(screen.getByText(authMessages.passwordNeedsUppercase)).toBeInTheDocument();
    await user.type(password, 'X');
    expect(screen.getByText(authMessages.passwordNeedsNumber)).toBeInTheDocument();
  });

  it("says 'Loading...' while busy, then 'Check your email' with the spam hint", async () => {
    const answer = deferred<void>();
    const { requests } = mockApi({
      'POST /auth/signup': () => ({
        status: 201,
        body: { message: 'ok', email: 'ada@example.com', position: '3' },
      }),
    });
    const user = await openSignUp();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    const button = screen.getByRole('button', { name: 'Sign up' });
    expect(button).toBeEnabled();
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = async (...args) => {
      await answer.promise;
      return fetchBefore(...args);
    };
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer.resolve();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText("Didn't receive the email? Check your spam folder.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(requests[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Secret123',
    });
  });

  it("shows 'Check your email' for an address that already has an account (the server tells no one else)", async () => {
    // The server answers a known address exactly as a new one and e-mails its owner instead.
    mockApi({
      'POST /auth/signup': () => ({
        status: 201,
        body: { message: 'Check your email', email: 'ada@example.com', position: '7' },
      }),
    });
    const user = await openSignUp();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's error in red when sign-up is refused", async () => {
    mockApi({ 'POST /auth/signup': () => ({ status: 429, body: { error: authMessages.tooManyAttempts } }) });
    const user = await openSignUp();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.tooManyAttempts);
  });

  it("shows the server's field messages under the fields", async () => {
    mockApi({
      'POST /auth/signup': () => ({
        status: 400,
        body: { error: 'Invalid input', fields: { email: authMessages.emailInvalid } },
      }),
    });
    const user = await openSignUp();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
  });
});
