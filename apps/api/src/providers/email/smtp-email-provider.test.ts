import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { outboxEmails } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createEmailProvider } from './create-email-provider';
import { createSmtpEmailProvider, EmailSendError } from './smtp-email-provider';

type Received = { mailFrom: string; rcptTo: string[]; user: string | undefined; raw: string };

const received: Received[] = [];
let server: SMTPServer;
let smtpUrl: string;

// A real SMTP server (the smtp-server library) on a local port: it checks the login, refuses some mailboxes
// at RCPT like a real server would, and keeps every message it accepts.
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret') return callback(null, { user: 'mailer' });
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@')) return callback(smtpError('No such mailbox', 550));
      if (address.address.startsWith('busy@')) return callback(smtpError('Mailbox busy, try later', 451));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://mailer:secret@127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split('\r\n\r\n')[0] ?? '';
  return head
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

describe('SMTP email provider against a local SMTP server', () => {
  const from = 'Demo Motors <billing@demo-motors.test>';

  it('delivers the message with its sender, recipient, subject and text, logged in', async () => {
    const email = createSmtpEmailProvider({ smtpUrl, from });
    const sent = await email.send({
      to: 'zoe.quill@example.com',
      subject: 'Your payment is due',
      text: 'Hello Zoe, your payment of $125.50 is due on Jul 1.',
    });
    expect(sent.id).toMatch(/^<.+>$/);
    const message = received.at(-1)!;
    expect(message).toMatchObject({
      mailFrom: 'billing@demo-motors.test',
      rcptTo: ['zoe.quill@example.com'],
      user: 'mailer',
    });
    expect(headerOf(message.raw, 'From')).toBe(from);
    expect(headerOf(message.raw, 'To')).toBe('zoe.quill@example.com');
    expect(headerOf(message.raw, 'Subject')).toBe('Your payment is due');
    expect(headerOf(message.raw, 'Message-ID')).toBe(sent.id);
    expect(message.raw).toContain('Hello Zoe, your payment of $125.50 is due on Jul 1.');
  });

  it('a mailbox refused with 550 at RCPT surfaces as an error that is not retried', async () => {
    const email = createSmtpEmailProvider({ smtpUrl, from });
    const count = received.length;
    const error = await email
      .send({ to: 'nobody@example.com', subject: 'S', text: 'T' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error).toMatchObject({ responseCode: 550, isRetryable: false });
    expect((error as Error).message).toContain('No such mailbox');
    expect(received.length).toBe(count);
  });

  it('a 451 (try later) and a wrong password are told apart: only the first is retryable', async () => {
    const email = createSmtpEmailProvider({ smtpUrl, from });
    const busy = await email
      .send({ to: 'busy@example.com', subject: 'S', text: 'T' })
      .catch((e: unknown) => e);
    expect(busy).toMatchObject({ responseCode: 451, isRetryable: true });
    const wrong = createSmtpEmailProvider({ smtpUrl: smtpUrl.replace(':secret@', ':nope@'), from });
    const refused = await wrong
      .send({ to: 'zoe@example.com', subject: 'S', text: 'T' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ responseCode: 535, isRetryable: false });
  });
});

describe('createEmailProvider', () => {
  it('builds the provider the configuration names, and with SMTP the app sends its emails through it', async () => {
    // The reset link is sent by the password-reset.email job, run by the test app's workers.
    const t = await createTestApp({ EMAIL_PROVIDER: 'smtp', SMTP_URL: smtpUrl }, { jobs: true });
    try {
      const secret = 'x'.repeat(40);
      expect(createEmailProvider(loadConfig({ JWT_SECRET: secret }), t.database.db).name).toBe('outbox');
      expect(createEmailProvider(t.config, t.database.db).name).toBe('smtp');
      const response = await t.request('/api/password-reset/', {
        method: 'POST',
        json: { email: 'admin@demo.paylane.test' },
      });
      expect(response.status).toBe(200);
      await expect.poll(() => received.at(-1)?.rcptTo).toEqual(['admin@demo.paylane.test']);
      const message = received.at(-1)!;
      expect(headerOf(message.raw, 'Subject')).toBe('Reset your Paylane password');
      // Nothing went to the offline outbox instead (whose dev routes a real provider turns off).
      expect(await t.database.db.select().from(outboxEmails)).toEqual([]);
      expect((await t.request('/api/dev/outbox/emails/')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
