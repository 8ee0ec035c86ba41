import nodemailer from 'nodemailer';
import type { EmailProvider } from './email-provider';

/**
 * A send the SMTP server refused. `responseCode` is the server's reply (550 no such mailbox, 421 try
 * later); 4xx replies and lost connections may succeed on a later try, 5xx replies will not.
 */
export class EmailSendError extends Error {
  readonly responseCode: number | null;
  readonly isRetryable: boolean;
  constructor(message: string, options: { responseCode: number | null; isRetryable: boolean }) {
    super(message);
    this.name = 'EmailSendError';
    this.responseCode = options.responseCode;
    this.isRetryable = options.isRetryable;
  }
}

/** The real email adapter (docs/conventions.md §6): SMTP through nodemailer, `smtpUrl` = smtp(s)://user:pass@host:port. */
export function createSmtpEmailProvider(options: { smtpUrl: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    name: 'smtp',
    async send(email) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
        });
        // One recipient per message: a refused one fails the send rather than passing silently.
        if (info.rejected.length > 0) {
          throw new EmailSendError(`SMTP server refused ${email.to}`, {
            responseCode: null,
            isRetryable: false,
          });
        }
        return { id: info.messageId };
      } catch (error) {
        throw toEmailSendError(error);
      }
    },
  };
}

function toEmailSendError(error: unknown): EmailSendError {
  if (error instanceof EmailSendError) return error;
  const responseCode = responseCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return new EmailSendError(message, {
    responseCode,
    isRetryable: responseCode === null || (responseCode >= 400 && responseCode < 500),
  });
}

function responseCodeOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return null;
  return typeof error.responseCode === 'number' ? error.responseCode : null;
}
