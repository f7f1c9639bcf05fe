import type { MailMessage } from '@remit/kit';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function verificationLink(appUrl: string, email: string, token: string): string {
  const query = new URLSearchParams({ token, email });
  return `${appUrl}/verify-email?${query.toString()}`;
}

/** The verification e-mail: a plain-text part and a clean, table-based HTML part mail clients render. */
export function verificationEmail(input: {
  to: string;
  name: string;
  link: string;
  hoursValid: number;
}): MailMessage {
  const { to, name, link, hoursValid } = input;
  const text = [
    `Hi ${name},`,
    '',
    'Welcome to Remit. Please confirm your email address to finish creating your account:',
    '',
    link,
    '',
    `This link works once and expires in ${hoursValid} hours.`,
    "If you didn't sign up for Remit, you can ignore this email.",
    '',
    '— Remit',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Confirm your email</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:36px 32px">
<tr><td style="font-size:20px;font-weight:700;color:#4338ca;padding-bottom:24px">Remit</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:16px">Hi ${escapeHtml(name)},</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:28px">Welcome to Remit. Please confirm your email address to finish creating your account.</td></tr>
<tr><td style="padding-bottom:28px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:8px">Verify email address</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#6b7280;padding-bottom:8px">Or paste this link into your browser:<br><a href="${escapeHtml(link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(link)}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#6b7280">This link works once and expires in ${hoursValid} hours. If you didn't sign up for Remit, you can ignore this email.</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject: 'Confirm your email for Remit', text, html };
}
