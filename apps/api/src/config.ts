import type { SandboxWebhookDisorder } from './providers/payments/sandbox/sandbox-webhooks';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The one place that reads process.env (docs/conventions.md §2). Every variable is listed in README.md.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: loopback outside production (a laptop never serves its network by accident), all interfaces in it.
  HOST: z.string().min(1).optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32).optional(),
  // 32 bytes, base64: encrypts stored credentials and SSNs. Required in production; elsewhere derived from
  // JWT_SECRET, so a laptop needs no setup.
  ENCRYPTION_KEY: z.string().min(43).optional(),
  ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(10).default(600),
  REFRESH_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).default(86_400),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // Requests per client IP to each public endpoint (password reset, SSO, invites, partner sign-up) per window.
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  // Sign-in, refresh and logout per client IP per window: an office behind one address refreshes every few minutes.
  RATE_LIMIT_SESSION_PER_IP: z.coerce.number().int().min(1).default(600),
  // Password reset requests for one email address per window, whoever asks.
  RATE_LIMIT_RESET_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // Live sockets one user may hold on one API process (modules/live/live-sessions.ts): ten browser tabs.
  LIVE_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  // The dev outbox routes (/api/dev/outbox/...: read every email and text, inject replies), without sign-in.
  DEV_TOOLS: z.enum(['auto', 'true', 'false']).default('auto'),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  EMAIL_FROM: z.string().default('Paylane <no-reply@paylane.test>'),
  // smtp(s)://user:pass@host:port, read when EMAIL_PROVIDER=smtp.
  SMTP_URL: z.string().url().optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  // The platform's shared sender (E.164), for platform notices only: a merchant's texts always leave from the
  // merchant's own sender (merchants.sms_from_number / sms_messaging_service_sid with Twilio, its outbox
  // number offline). A text to it reaches no merchant's conversation; a STOP to it counts for every merchant
  // that texted the phone from it.
  SMS_FROM_NUMBER: z.string().default('+15005550006'),
  // Hand-overs per second to the SMS provider, per dispatching process (default: twilio 100, outbox 2000).
  SMS_SEND_RATE_PER_SECOND: z.coerce.number().min(1).max(100_000).optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  // The platform's Messaging Service (platform notices, like SMS_FROM_NUMBER); merchants have their own.
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  // Twilio's REST base; tests point it at a local stand-in.
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  // Who answers STOP/START/HELP: 'ours' (a confirmation text from us) or 'provider' (Twilio's default opt-out
  // handling already replies and would refuse ours with 21610). Default: provider with twilio, ours otherwise.
  SMS_KEYWORD_REPLIES: z.enum(['ours', 'provider']).optional(),
  // The offline SMS provider's pace: how long each step of queued → sent → delivered takes.
  OUTBOX_SMS_STEP_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  // Card and bank payments (docs/reference/payments.md): the offline sandbox processor by default.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  // The sandbox's pace: how long its delayed test card, and a bank debit, stay 'processing'.
  SANDBOX_PROCESSOR_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  SANDBOX_BANK_SETTLE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000)
    .default(120_000),
  // The sandbox's webhooks to /api/webhooks/sandbox/ (signed with SANDBOX_WEBHOOK_SECRET; the sandbox is
  // offline and moves no money, so a fixed default is enough), and the disorder a test or a demo may ask for.
  SANDBOX_WEBHOOKS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).default('whsec_sandbox_offline_only'),
  SANDBOX_WEBHOOK_DISORDER: z.enum(['none', 'duplicate', 'reorder', 'duplicate_and_reorder']).default('none'),
  // The platform's secret key (sk_live_… or sk_test_…); merchants are its connected accounts.
  STRIPE_SECRET_KEY: z.string().optional(),
  // Stripe's API base; tests point it at a local stand-in.
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  // The signing secret (whsec_…) of our webhook endpoint at Stripe, /api/webhooks/stripe/.
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How many reverse proxies stand in front (a hop count) or their addresses/CIDRs, comma-separated; never
  // 'trust all', or any client could name its own IP in X-Forwarded-For and slip past the rate limits.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((value) => value !== 'true', 'give the number of proxies in front (e.g. 1) or their addresses')
    .transform(parseTrustProxy),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  // A CSV customer import (docs/product.md §2 /customers/import): a 100,000-row file is about 19 MB.
  IMPORT_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1_048_576),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  role: 'all' | 'api' | 'worker';
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  jwtSecret: string;
  /** Key material for encrypting secrets at rest (see lib/encryption.ts). */
  encryptionKey: string;
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  loginThrottle: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowSeconds: number };
  /** Limits of the public endpoints (plugins/rate-limit.ts), counted in the database. */
  rateLimits: { perIp: number; sessionPerIp: number; resetPerEmail: number; windowSeconds: number };
  /** Live sockets one user may hold on one API process; one more is closed at once with 4008. */
  liveSocketsPerUser: number;
  publicUrl: string;
  /** Create the demo (published logins) on an empty database: only on the laptop setup, or when asked. */
  seedDemo: boolean;
  /** Serve the public dev outbox routes: same rule as the demo. */
  devTools: boolean;
  email: { provider: 'outbox' | 'smtp'; from: string; smtpUrl: string | undefined };
  sms: {
    provider: 'outbox' | 'twilio';
    fromNumber: string;
    sendRatePerSecond: number;
    outboxStepMs: number;
    keywordReplies: 'ours' | 'provider';
    twilio: {
      accountSid: string | undefined;
      authToken: string | undefined;
      messagingServiceSid: string | undefined;
      apiUrl: string;
    };
  };
  payments: {
    provider: 'sandbox' | 'stripe';
    sandbox: {
      delayMs: number;
      bankSettleMs: number;
      /** Whether the sandbox delivers webhooks to /api/webhooks/sandbox/ (from the worker's jobs). */
      webhooks: boolean;
      webhookSecret: string;
      webhookDisorder: SandboxWebhookDisorder;
    };
    stripe: { secretKey: string | undefined; apiUrl: string; webhookSecret: string | undefined };
  };
  webDistDir: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** Largest uploaded file (docs/product.md §5: attachments under 1 MB). */
  uploadLimitBytes: number;
  /** Largest CSV customer import, enforced while the upload streams. */
  importLimitBytes: number;
  /** Which X-Forwarded-For hops to believe for the client IP (rate limits): none, a count, or addresses. */
  trustProxy: false | number | string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  requireSettings(e);
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means the folder the user ran npm in.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const isProduction = e.NODE_ENV === 'production';
  const jwtSecret = e.JWT_SECRET ?? readOrCreateSecret(dataDir);
  const laptopSafety = decideLaptopFeatures(e);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    role: e.ROLE,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    jwtSecret,
    encryptionKey: e.ENCRYPTION_KEY ?? jwtSecret,
    ...laptopSafety,
    accessTokenLifetimeSeconds: e.ACCESS_TOKEN_LIFETIME_SECONDS,
    refreshTokenLifetimeSeconds: e.REFRESH_TOKEN_LIFETIME_SECONDS,
    loginThrottle: {
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    rateLimits: {
      perIp: e.RATE_LIMIT_PER_IP,
      sessionPerIp: e.RATE_LIMIT_SESSION_PER_IP,
      resetPerEmail: e.RATE_LIMIT_RESET_PER_EMAIL,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    liveSocketsPerUser: e.LIVE_SOCKETS_PER_USER,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    email: { provider: e.EMAIL_PROVIDER, from: e.EMAIL_FROM, smtpUrl: e.SMTP_URL },
    sms: {
      provider: e.SMS_PROVIDER,
      fromNumber: e.SMS_FROM_NUMBER,
      sendRatePerSecond: e.SMS_SEND_RATE_PER_SECOND ?? (e.SMS_PROVIDER === 'twilio' ? 100 : 2000),
      outboxStepMs: e.OUTBOX_SMS_STEP_MS,
      keywordReplies: e.SMS_KEYWORD_REPLIES ?? (e.SMS_PROVIDER === 'twilio' ? 'provider' : 'ours'),
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
        apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
      },
    },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      sandbox: {
        delayMs: e.SANDBOX_PROCESSOR_DELAY_MS,
        bankSettleMs: e.SANDBOX_BANK_SETTLE_MS,
        webhooks: e.SANDBOX_WEBHOOKS,
        webhookSecret: e.SANDBOX_WEBHOOK_SECRET,
        webhookDisorder: e.SANDBOX_WEBHOOK_DISORDER,
      },
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        apiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      },
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    importLimitBytes: e.IMPORT_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
  };
}

// Outside production a laptop needs no setup: the signing secret is generated once and kept in DATA_DIR,
// so tokens survive a restart. Production must say JWT_SECRET explicitly (requireSettings).
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

type Env = z.infer<typeof envSchema>;

/**
 * The demo's published logins and the unauthenticated dev outbox make an instance open to anyone: request a
 * reset for the demo super admin, read the link from the outbox, sign in. So both exist only on the laptop
 * setup (embedded database, offline providers, not production) unless asked for by name, and never beside a
 * real provider or in production, even when asked (docs/conventions.md §8).
 */
function decideLaptopFeatures(e: Env): { seedDemo: boolean; devTools: boolean } {
  const realProviders = [
    e.SMS_PROVIDER === 'twilio' ? 'SMS_PROVIDER=twilio' : null,
    e.EMAIL_PROVIDER === 'smtp' ? 'EMAIL_PROVIDER=smtp' : null,
    e.PAYMENT_PROVIDER === 'stripe' ? 'PAYMENT_PROVIDER=stripe' : null,
  ].filter((name): name is string => name !== null);
  const isProduction = e.NODE_ENV === 'production';
  const isLaptop = !isProduction && !e.DATABASE_URL && realProviders.length === 0;
  const problems: string[] = [];
  const decide = (name: 'SEED_DEMO' | 'DEV_TOOLS'): boolean => {
    if (e[name] !== 'true') return e[name] === 'auto' && isLaptop;
    const refusedBeside = [...(isProduction ? ['NODE_ENV=production'] : []), ...realProviders];
    if (refusedBeside.length > 0) problems.push(`${name}: not allowed with ${refusedBeside.join(', ')}`);
    return true;
  };
  const features = { seedDemo: decide('SEED_DEMO'), devTools: decide('DEV_TOOLS') };
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return features;
}

/** TRUST_PROXY: 'false' (default), a hop count, or comma-separated proxy addresses/CIDRs (Fastify's forms). */
function parseTrustProxy(value: string): false | number | string {
  if (value === 'false' || value === '') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

// A real provider without its credentials would fail every send, and production without its own secrets
// would sign or seal with guessable ones: refuse to start instead, naming every missing variable.
function requireSettings(e: Env): void {
  const missing: string[] = [];
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET)
    missing.push('JWT_SECRET: required when NODE_ENV=production');
  if (e.SMS_PROVIDER === 'twilio') {
    if (!e.TWILIO_ACCOUNT_SID) missing.push('TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio');
    if (!e.TWILIO_AUTH_TOKEN) missing.push('TWILIO_AUTH_TOKEN: required when SMS_PROVIDER=twilio');
  }
  if (e.EMAIL_PROVIDER === 'smtp' && !e.SMTP_URL) missing.push('SMTP_URL: required when EMAIL_PROVIDER=smtp');
  if (e.PAYMENT_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY)
    missing.push('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
  // Without its own key, sealed credentials and SSNs would fall with the signing secret.
  if (e.NODE_ENV === 'production' && !e.ENCRYPTION_KEY)
    missing.push('ENCRYPTION_KEY: required when NODE_ENV=production');
  if (missing.length > 0) throw new Error(`Invalid configuration:\n  ${missing.join('\n  ')}`);
}
