import type { QueuedMail } from '@remit/kit';

/** The owner's mail: a recurring invoice was sent (issue 33, item 4). */
export function ownerSentMail(input: {
  to: string;
  ownerName: string;
  number: string;
  customer: string;
  amount: string;
  appUrl: string;
  messageId: string;
}): QueuedMail['message'] {
  const text = [
    `Hello ${input.ownerName || 'there'},`,
    '',
    `Your recurring invoice ${input.number} for ${input.amount} was issued and sent to ${input.customer}.`,
    '',
    `Open Remit: ${input.appUrl}/recurring`,
  ].join('\n');
  const esc = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Recurring invoice ${esc(input.number)} sent</title></head>
<body style="margin:0;padding:32px 12px;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border:1px solid #e5e7eb;border-radius:14px;padding:32px">
<tr><td style="font-size:18px;font-weight:700;padding-bottom:16px">Recurring invoice sent</td></tr>
<tr><td style="font-size:15px;line-height:24px;padding-bottom:20px">Invoice <strong>${esc(input.number)}</strong> for <strong>${esc(input.amount)}</strong> was issued and sent to ${esc(input.customer)}.</td></tr>
<tr><td><a href="${esc(input.appUrl)}/recurring" style="display:inline-block;padding:12px 22px;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;border-radius:8px">Open recurring invoices</a></td></tr>
</table></td></tr></table></body></html>`;
  return {
    to: [input.to],
    cc: [],
    subject: `Recurring invoice ${input.number} was sent`,
    text,
    html,
    messageId: input.messageId,
  } as unknown as QueuedMail['message'];
}
