import type { MailMessage } from '@remit/kit';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The account e-mails (sign-up with a known address, password reset, security notices) in the look of
 * the verification e-mail: a plain-text part, and table-based HTML that mail clients render.
 */
function accountEmail(input: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
}): MailMessage {
  const { to, subject, greeting, paragraphs, action, footnote } = input;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footnote,
    '',
    '— Remit',
  ].join('\n');
  const row = (content: string, style: string) => `<tr><td style="${style}">${content}</td></tr>`;
  const body = [
    row('Remit', 'font-size:20px;font-weight:700;color:#4338ca;padding-bottom:24px'),
    row(escapeHtml(greeting), 'font-size:16px;line-height:24px;padding-bottom:16px'),
    ...paragraphs.map((paragraph) =>
      row(escapeHtml(paragraph), 'font-size:16px;line-height:24px;padding-bottom:16px'),
    ),
    ...(action
      ? [
          row(
            `<a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:8px">${escapeHtml(action.label)}</a>`,
            'padding:12px 0 28px',
          ),
          row(
            `Or paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.url)}</a>`,
            'font-size:13px;line-height:20px;color:#6b7280;padding-bottom:8px',
          ),
        ]
      : []),
    row(escapeHtml(footnote), 'font-size:13px;line-height:20px;color:#6b7280'),
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:36px 32px">
${body}
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

/** Someone signed up with the address of an existing, verified account: tell its owner, nobody else. */
export function accountExistsEmail(input: {
  to: string;
  name: string;
  appUrl: string;
  hasPassword: boolean;
}): MailMessage {
  const how = input.hasPassword
    ? 'Sign in with your email and password. If you have forgotten your password, choose "Forgot password?" on the sign-in page to set a new one.'
    : 'You signed up with Google: choose "Login with Google" on the sign-in page.';
  return accountEmail({
    to: input.to,
    subject: 'You already have a Remit account',
    greeting: `Hi ${input.name},`,
    paragraphs: [
      'Someone (hopefully you) just tried to create a Remit account with this email address. You already have one, so no new account was created.',
      how,
    ],
    action: {
      label: 'Sign in to Remit',
      url: `${input.appUrl}${input.hasPassword ? '/login-basic' : '/login'}`,
    },
    footnote: "If it wasn't you, you can ignore this email: nothing has changed in your account.",
  });
}

/** 'Forgot password?': the single-use link, and what to do if the person did not ask. */
export function passwordResetEmail(input: {
  to: string;
  name: string;
  link: string;
  minutesValid: number;
}): MailMessage {
  return accountEmail({
    to: input.to,
    subject: 'Reset your Remit password',
    greeting: `Hi ${input.name},`,
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of your Remit account. Choose a new password with the link below.',
      `The link works once and expires in ${input.minutesValid} minutes. Setting a new password signs you out on every device.`,
    ],
    action: { label: 'Set a new password', url: input.link },
    footnote: "If you didn't ask for this, you can ignore this email: your password stays as it is.",
  });
}

/** After any password change: the owner hears of it, whoever made it. */
export function passwordChangedEmail(input: {
  to: string;
  name: string;
  appUrl: string;
  via: 'reset' | 'change';
  at: Date;
}): MailMessage {
  const when = input.at.toUTCString();
  return accountEmail({
    to: input.to,
    subject: 'Your Remit password was changed',
    greeting: `Hi ${input.name},`,
    paragraphs: [
      input.via === 'reset'
        ? `The password of your Remit account was reset with a link from this mailbox on ${when}. Every session was signed out.`
        : `The password of your Remit account was changed on ${when}. Every other session was signed out.`,
      "If this was you, there is nothing more to do. If it wasn't, set a new password now with 'Forgot password?': someone may know your password or have access to your email.",
    ],
    action: { label: 'Reset my password', url: `${input.appUrl}/forgot-password` },
    footnote: 'We send this email for every password change, for your security.',
  });
}
