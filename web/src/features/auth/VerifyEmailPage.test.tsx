import { authMessages } from '@remit/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { VERIFIED_MESSAGE } from './VerifyEmailPage';

describe('verify email (/verify-email)', () => {
  it('pre-fills the editable email from the link and verifies with the token', async () => {
    const { requests } = mockApi({
      'POST /auth/verify-email': () => ({ body: { token: 'jwt', user: testUser, position: '5' } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
    });
    const { router } = renderApp('/verify-email?token=tok-123&email=ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).not.toHaveAttribute('readonly');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText(VERIFIED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Welcome, Ada/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(readToken()).toBe('jwt');
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com', token: 'tok-123' });
  });

  it("shows 'Verifying...' while the request runs", async () => {
    let release: () => void = () => {};
    const { fetchMock } = mockApi({});
    fetchMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(new Response(JSON.stringify({ error: 'x' }), { status: 400 }));
        }),
    );
    renderApp('/verify-email?token=tok&email=ada%40example.com');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    release();
  });

  it("shows the server's error in red for an expired link", async () => {
    mockApi({
      'POST /auth/verify-email': () => ({ status: 400, body: { error: authMessages.verificationExpired } }),
    });
    renderApp('/verify-email?token=old&email=ada%40example.com');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.verificationExpired);
  });

  it('explains a link without a token and keeps the button disabled', async () => {
    mockApi({});
    renderApp('/verify-email?email=ada%40example.com');
    expect(await screen.findByText(/Verification token is required/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeDisabled();
  });
});
