import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { TokenSigner } from './modules/auth/jwt';
import type { EmailProvider } from './providers/email/email-provider';

/** What services need from the outside world; built once in buildApp, passed explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  email: EmailProvider;
  tokens: TokenSigner;
  now: () => Date;
  log: FastifyBaseLogger;
};
