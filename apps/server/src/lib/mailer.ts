import fs from 'node:fs/promises';
import path from 'node:path';
import { type Clock, isoNow } from './clock.js';
import { lazy } from './lazy.js';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the email exists for; logged so a local operator can follow it. */
  link?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Closes a transport if one was opened; one that failed to open has nothing to close. */
const closeOpened = (opening: Promise<{ close(): void }> | undefined): void => {
  void opening?.then(
    (opened) => opened.close(),
    () => undefined,
  );
};

/** nodemailer loads with the first email, not with the server. */
const loadNodemailer = lazy(async () => (await import('nodemailer')).default);

/**
 * SMTP when `smtpUrl` is set; otherwise each email is written as an .eml file under
 * `<dataDir>/mail` and logged, so a fresh install works without a mail server.
 * @example const mailer = createMailer({ smtpUrl: null, dataDir: './data', from: 'plinth@localhost', log, clock });
 */
export function createMailer(options: {
  smtpUrl: string | null;
  dataDir: string;
  from: string;
  log: Logger;
  /** Names the outbox files. */
  clock: Clock;
}): Mailer {
  const { log, from, smtpUrl } = options;
  if (smtpUrl) {
    const transport = lazy(async () => (await loadNodemailer()).createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          replyTo: message.replyTo,
        });
        log.info({ to: message.to, subject: message.subject }, 'Email sent');
      },
      close: () => closeOpened(transport.peek()),
    };
  }
  const outbox = path.join(options.dataDir, 'mail');
  const transport = lazy(async () =>
    (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        replyTo: message.replyTo,
      });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${isoNow(options.clock).replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, link: message.link, file },
        'Email written to file (set SMTP_URL to send it)',
      );
    },
    close: () => closeOpened(transport.peek()),
  };
}
