import type { FastifyBaseLogger } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../db/db.ts';
import { type TransportConfig, transportOptionsFromConfig } from '../smtp-client/from-config.ts';
import { createSmtpTransport } from '../smtp-client/smtp-transport.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where answers go (a contact-us message: the person who wrote it). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * capture: kept in captured_mail for the local mail viewer; deliver: sent by the delivery transport,
 * through the SMARTHOST or straight to the recipient's MX. A refusal or deferral throws: the server's
 * own mail (confirmations, resets) is not queued, the person asks again.
 */
export function createMailer(config: TransportConfig, db: Db, log: FastifyBaseLogger): Mailer {
  const { mode, from } = config.mail;
  if (mode === 'deliver') {
    const transport = createSmtpTransport(transportOptionsFromConfig(config));
    return {
      send: async (message) => {
        const raw = await new MailComposer({ from, ...message }).compile().build();
        const outcome = await transport.deliver({ mailFrom: from, rcptTo: message.to, raw });
        const { code, enhanced, text } = outcome.reply;
        if (outcome.status !== 'delivered') {
          throw new Error(`mail to ${message.to} ${outcome.status}: ${code} ${enhanced ?? ''} ${text}`);
        }
        log.info({ to: message.to, subject: message.subject, host: outcome.host }, 'mail delivered');
      },
    };
  }
  return {
    send: async (message) => {
      await db.query(
        'INSERT INTO captured_mail ("to", "from", subject, html, text) VALUES ($1, $2, $3, $4, $5)',
        [message.to, from, message.subject, message.html, message.text],
      );
      log.info({ to: message.to, subject: message.subject }, 'mail captured (MAIL_MODE=capture)');
    },
  };
}
