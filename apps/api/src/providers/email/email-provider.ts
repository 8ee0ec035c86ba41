export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  merchantId?: string | null;
};

/** The email port (docs/conventions.md §6): the offline outbox now, SMTP through nodemailer with the messaging issue. */
export type EmailProvider = {
  name: string;
  send(email: OutgoingEmail): Promise<{ id: string }>;
};
