import { escapeHtml } from '../html-escape.ts';
import type { MailMessage } from './mailer.ts';

type Template = Omit<MailMessage, 'to'>;

const product = 'Mail Platform';

/** One short message with one button; the text part carries the same words and the bare link. */
function linkMail(
  subject: string,
  paragraphs: string[],
  action: string,
  link: string,
  footer: string,
): Template {
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${paragraphs.map((text) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(text)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#2f6fed;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52606d;margin:0 0 8px">If the button does not work, open this link:<br><a href="${escapeHtml(link)}" style="color:#2f6fed;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52606d;margin:16px 0 0">${escapeHtml(footer)}</p>
</td></tr></table>
</body></html>`;
  const text = [
    subject,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${action}: ${link}`,
    '',
    footer,
    '',
  ].join('\n');
  return { subject, html, text };
}

export function confirmationMail(link: string): Template {
  return linkMail(
    `Confirm your ${product} account`,
    ['Welcome! Please confirm your email address to finish creating your account.'],
    'Confirm email address',
    link,
    'The link is valid for 48 hours. If you did not sign up, ignore this email.',
  );
}

export function passwordResetMail(link: string): Template {
  return linkMail(
    `Reset your ${product} password`,
    ['Someone asked to reset the password of your account. Choose a new password with the link below.'],
    'Choose a new password',
    link,
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
  );
}

export function emailChangeMail(link: string): Template {
  return linkMail(
    `Confirm your new ${product} email address`,
    ['Your account email address was changed to this one. Please confirm it to keep signing in.'],
    'Confirm new email address',
    link,
    'The link is valid for 48 hours. If you did not change it, contact your administrator.',
  );
}

export function memberInvitationMail(companyName: string, inviterName: string, link: string): Template {
  return linkMail(
    `You are invited to join ${companyName} on ${product}`,
    [
      `${inviterName} invited you to join the ${companyName} team.`,
      'Accept the invitation to create your login.',
    ],
    'Accept invitation',
    link,
    'If you do not know this team, ignore this email.',
  );
}

export function authorizedRecipientMail(companyName: string, link: string): Template {
  return linkMail(
    `Confirm test emails from ${companyName} on ${product}`,
    [
      `${companyName} wants to send test emails to this address from its ${product} sandbox.`,
      'Confirm to receive them. Nothing is sent to this address from the sandbox until you do.',
    ],
    'Confirm this address',
    link,
    'If you do not know this team, ignore this email: no sandbox mail will reach you.',
  );
}

/** A marketing sender's confirmation: only what the member typed (the sender name) and the company's name. */
export function senderConfirmationMail(
  companyName: string,
  senderName: string,
  link: string,
  validDays: number,
): Template {
  return linkMail(
    'Confirm your sender address',
    [
      `${companyName} wants to send email from this address, as "${senderName}", on ${product}.`,
      'Confirm that it may. Nothing is sent from this address until you do.',
    ],
    'Confirm sender address',
    link,
    `The link is valid for ${validDays} days. If you do not know ${companyName}, ignore this email.`,
  );
}

/** §7 share by email: a template of the company's, offered to whoever signs in from the link. */
export function templateSharedMail(
  companyName: string,
  templateName: string,
  link: string,
  validDays: number,
): Template {
  return linkMail(
    `${companyName} shared a template with you`,
    [
      `${companyName} shared the template "${templateName}" with you on ${product}.`,
      'Open the link and sign in: a copy of it is added to your Template Manager.',
    ],
    'Add the template',
    link,
    `The link works once, for ${validDays} days. If you do not know ${companyName}, ignore this email.`,
  );
}
