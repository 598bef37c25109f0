import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** capture: kept in captured_mail for the local mail viewer; deliver: handed to the SMARTHOST. */
export function createMailer(config: Pick<Config, 'mail'>, db: Db, log: FastifyBaseLogger): Mailer {
  const { mode, from, smarthost } = config.mail;
  if (mode === 'deliver' && smarthost) {
    const transport = nodemailer.createTransport({ host: smarthost.host, port: smarthost.port });
    return {
      send: async (message) => {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail delivered to smarthost');
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
