/**
 * The one layout of Remit's e-mails to customers and owners (issue 30, D-343): the sender's name above a white
 * card, the card's blocks, a small-print footer; tables and inline styles, as mail clients need. A mail is a list
 * of blocks, each with its HTML and its plain-text line, so the HTML part and the text part say the same things
 * in the same order and no mail repeats the markup.
 */

import { escapeHtml } from '../html.js';

/** One part of a mail's card: its HTML, and its text-part paragraph (null: the HTML part only). */
export interface MailBlock {
  html: string;
  text: string | null;
}

/** "Label: value", or "Libellé : valeur" in French (the caller's `labelled`). */
export type Labeller = (label: string, value: string) => string;

const plainLabel: Labeller = (label, value) => `${label}: ${value}`;

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export const mailBlocks = {
  /** A paragraph; `pre` keeps the line breaks of an owner's own message. */
  paragraph(
    text: string,
    options: { size?: 'small' | 'normal'; muted?: boolean; pre?: boolean } = {},
  ): MailBlock {
    const size =
      options.size === 'small' ? 'font-size:13px;line-height:20px' : 'font-size:15px;line-height:24px';
    const colour = options.muted ? 'color:#6b7280' : 'color:#111827';
    const pre = options.pre ? ';white-space:pre-line' : '';
    return { html: `<p style="margin:0 0 16px;${size};${colour}${pre}">${escapeHtml(text)}</p>`, text };
  },

  /** The card's title, with an optional small line above it ("PAYMENT REMINDER"); the subject says it in text. */
  heading(text: string, kicker?: { text: string; colour: string }): MailBlock {
    const small = kicker
      ? `<p style="margin:0 0 6px;font-size:13px;font-weight:600;letter-spacing:0.06em;text-transform:uppercase;color:${kicker.colour}">${escapeHtml(kicker.text)}</p>`
      : '';
    return {
      html: `${small}<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;font-weight:700;color:#111827">${escapeHtml(text)}</h1>`,
      text: null,
    };
  },

  /** Labelled values (the invoice's number, amount, due date; how to pay), under an optional title. */
  rows(
    rows: [label: string, value: string][],
    options: { title?: string; label?: Labeller } = {},
  ): MailBlock {
    const label = options.label ?? plainLabel;
    const cells = rows
      .map(([name, value], index) => {
        const rule = index ? 'border-top:1px solid #f0f1f3;' : '';
        return `<tr><td style="padding:8px 12px 8px 0;${rule}font-size:14px;color:#6b7280;vertical-align:top;width:40%">${escapeHtml(name)}</td><td style="padding:8px 0;${rule}font-size:14px;font-weight:600;color:#111827;text-align:right;word-break:break-word">${escapeHtml(value)}</td></tr>`;
      })
      .join('');
    const title = options.title
      ? `<p style="margin:0 0 4px;font-size:15px;font-weight:700;color:#111827">${escapeHtml(options.title)}</p>`
      : '';
    return {
      html: `${title}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">${cells}</table>`,
      text: [
        ...(options.title ? [label(options.title, '').trimEnd()] : []),
        ...rows.map(([name, value]) => label(name, value)),
      ].join('\n'),
    };
  },

  /**
   * The amount in large type in a grey box, with a line under it ("Invoice RE-1 · due 27 December 2026"); `text`
   * is what the text part says in its place.
   */
  amount(label: string, value: string, caption: string, text: string | null = null): MailBlock {
    return {
      html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;background:#f9fafb;border:1px solid #e5e7eb;border-radius:10px"><tr><td style="padding:20px 22px">
<div style="font-size:13px;color:#6b7280">${escapeHtml(label)}</div>
<div style="font-size:30px;line-height:38px;font-weight:700;color:#111827;letter-spacing:-0.02em">${escapeHtml(value)}</div>
<div style="font-size:14px;color:#374151;padding-top:4px">${escapeHtml(caption)}</div>
</td></tr></table>`,
      text,
    };
  },

  /** A link as a button; only an https URL or a site path is ever linked. Text part: "Label: URL". */
  button(
    href: string,
    label: string,
    options: { secondary?: boolean; text?: string | null } = {},
  ): MailBlock {
    const style = options.secondary
      ? 'display:inline-block;padding:12px 23px;border:1px solid #4338ca;color:#4338ca'
      : 'display:inline-block;padding:13px 24px;background:#4338ca;color:#ffffff';
    return {
      html: `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:4px 0 24px"><tr><td style="border-radius:8px"><a href="${escapeHtml(href)}" style="${style};font-size:15px;font-weight:600;text-decoration:none;border-radius:8px">${escapeHtml(label)}</a></td></tr></table>`,
      text: options.text === undefined ? `${label}: ${href}` : options.text,
    };
  },

  /** "Kind regards," and the sender, at the card's end. */
  signature(closing: string, name: string): MailBlock {
    return {
      html: `<p style="margin:0;font-size:15px;line-height:24px;color:#111827">${escapeHtml(closing)}<br><strong>${escapeHtml(name)}</strong></p>`,
      text: `${closing}\n${name}`,
    };
  },
};

/** The whole mail from its blocks: the HTML page and the plain-text part. */
export function mailLayout(input: {
  /** `<html lang>`: the mail's language. */
  language: string;
  /** The `<title>`: the subject. */
  title: string;
  /** The line a mail client shows beside the subject; none, the first paragraph. */
  preheader?: string;
  /** Above the card: who sends it (the seller; Remit for the owner's own mail). */
  brand: string;
  blocks: MailBlock[];
  /** Small print under the card, in both parts. */
  footer: string;
}): { html: string; text: string } {
  const preheader = input.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(input.preheader)}</div>\n`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(input.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:${FONT};color:#111827;-webkit-font-smoothing:antialiased">
${preheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:40px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px;font-size:15px;font-weight:700;letter-spacing:-0.01em;color:#111827">${escapeHtml(input.brand)}</td></tr>
<tr><td style="background:#ffffff;border:1px solid #e5e7eb;border-radius:14px;padding:36px 36px 20px">
${input.blocks.map((block) => block.html).join('\n')}
</td></tr>
<tr><td style="padding:20px 8px 0;font-size:12px;line-height:18px;color:#6b7280;text-align:center">${escapeHtml(input.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    ...input.blocks.flatMap((block) => (block.text === null ? [] : [block.text])),
    `--\n${input.footer}`,
  ].join('\n\n');
  return { html, text };
}
