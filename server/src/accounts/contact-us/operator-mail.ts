import { escapeHtml } from '../../html-escape.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/**
 * A plain note to the operator's mailbox: a title, labelled facts and a free text, the same words in
 * the text and the HTML part. Everything the user typed is escaped.
 */
export function operatorNote(
  subject: string,
  facts: ReadonlyArray<readonly [string, string]>,
  body: { label: string; text: string },
): Omit<MailMessage, 'to'> {
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#52606d;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<table role="presentation" style="font-size:14px;margin:0 0 16px">${rows}</table>
<h2 style="font-size:15px;margin:0 0 8px">${escapeHtml(body.label)}</h2>
<p style="font-size:15px;line-height:1.5;margin:0;white-space:pre-wrap">${escapeHtml(body.text)}</p>
</div>
</body></html>`;
  const text = [
    subject,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${body.label}:`,
    body.text,
    '',
  ].join('\n');
  return { subject, html, text };
}
