import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import { createCipher, type Cipher } from './lib/encryption';
import { createTokenSigner, type TokenSigner } from './lib/jwt';
import type { EmailProvider } from './providers/email/email-provider';
import { createEmailProvider } from './providers/email/create-email-provider';
import { createSmsProvider } from './providers/sms/create-sms-provider';
import type { SmsProvider } from './providers/sms/sms-provider';
import { createPaymentProcessor } from './providers/payments/create-payment-processor';
import type { PaymentProcessor } from './providers/payments/payment-processor';
import { createStorageProvider } from './providers/storage/create-storage-provider';
import type { StorageProvider } from './providers/storage/storage-provider';
import {
  createOfflineTranslateProvider,
  type TranslateProvider,
} from './providers/translate/translate-provider';

/** What services need from the outside world; built once in buildApp, passed explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  email: EmailProvider;
  /** Texts (docs/conventions.md §6): Twilio, or the offline outbox by default. */
  sms: SmsProvider;
  /** Chat translations (issue 6): offline (always unavailable) by default. */
  translate: TranslateProvider;
  /** Card and bank payments (docs/reference/payments.md): the offline sandbox processor by default. */
  payments: PaymentProcessor;
  /** Uploaded files (logos, MMS media): the local disk under DATA_DIR. */
  storage: StorageProvider;
  tokens: TokenSigner;
  /** Seals secrets stored in the database (credentials, SSNs). */
  cipher: Cipher;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The durable job queue, for services that hand work to a job (imports, sends). */
  queue: JobQueue | null;
};

export function createAppContext(input: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  email?: EmailProvider | undefined;
  sms?: SmsProvider | undefined;
  translate?: TranslateProvider | undefined;
  payments?: PaymentProcessor | undefined;
  now?: (() => Date) | undefined;
  queue?: JobQueue | null | undefined;
}): AppContext {
  const now = input.now ?? (() => new Date());
  return {
    config: input.config,
    db: input.db,
    email: input.email ?? createEmailProvider(input.config, input.db),
    sms: input.sms ?? createSmsProvider(input.config, input.db),
    translate: input.translate ?? createOfflineTranslateProvider(),
    payments: input.payments ?? createPaymentProcessor(input.config, input.db, now),
    storage: createStorageProvider(input.config),
    tokens: createTokenSigner(input.config.jwtSecret, input.config.accessTokenLifetimeSeconds, now),
    cipher: createCipher(input.config.encryptionKey),
    now,
    log: input.log,
    queue: input.queue ?? null,
  };
}

/** The queue of a context that must hand work to a job; a process built without one cannot. */
export function requireQueue(ctx: AppContext): JobQueue {
  if (!ctx.queue) throw new Error('this process was built without a job queue');
  return ctx.queue;
}
