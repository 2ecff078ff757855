import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of outgoing email.
 * `holdMessages`: that many first messages are read but never answered, like a mail server
 * that hangs; they are not counted as received (the sender never learns they arrived).
 */
export async function startSmtpServer(options: { holdMessages?: number } = {}) {
  const received: ParsedMail[] = [];
  const held: string[] = [];
  let toHold = options.holdMessages ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A held connection whose sender is still alive should not keep close() waiting for long.
    ...(toHold > 0 ? { closeTimeout: 1000 } : {}),
    onData(stream, session, callback) {
      if (toHold > 0) {
        toHold--;
        held.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed mid-message (a worker's crash, in the durability tests) resets its connection;
  // a mail server carries on. Anything else is still an error of the test.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Recipients of the messages held unanswered so far. */
    held,
    /** Waits until a message to `to` is being held (its sender is in the middle of sending it). */
    async waitForHeld(to: string, timeoutMs = 5000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!held.includes(to)) {
        if (Date.now() > deadline) throw new Error(`no email to ${to} started within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    /** Waits for an email to `to` whose subject matches. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 5000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => {
          const recipients = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
          return recipients.some((r) => r.value.some((a) => a.address === to)) && subject.test(m.subject ?? '');
        });
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no email to ${to} matching ${subject} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
