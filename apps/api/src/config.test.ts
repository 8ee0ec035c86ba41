import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const secret = 'a-production-secret-of-at-least-32-characters';
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: secret,
  ENCRYPTION_KEY: 'a-production-encryption-key-of-at-least-43-characters',
};
const twilio = {
  JWT_SECRET: secret,
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 't',
};
const smtp = { JWT_SECRET: secret, EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example:25' };
const stripe = { JWT_SECRET: secret, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' };

describe('configuration', () => {
  it('seeds the demo and serves the dev outbox on the laptop setup only, unless told', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paylane-config-'));
    const laptop = (env: Record<string, string> = {}) => {
      const { seedDemo, devTools } = loadConfig({ DATA_DIR: dataDir, ...env });
      return { seedDemo, devTools };
    };
    expect(laptop()).toEqual({ seedDemo: true, devTools: true });
    // The README's PostgreSQL example before issue 14: no NODE_ENV, a real database. No published logins.
    expect(laptop({ DATABASE_URL: 'postgres://db.example/paylane' })).toEqual({
      seedDemo: false,
      devTools: false,
    });
    expect(laptop(twilio)).toEqual({ seedDemo: false, devTools: false });
    expect(laptop(smtp)).toEqual({ seedDemo: false, devTools: false });
    expect(laptop(stripe)).toEqual({ seedDemo: false, devTools: false });
    expect(laptop({ SEED_DEMO: 'false', DEV_TOOLS: 'false' })).toEqual({ seedDemo: false, devTools: false });
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, devTools: false });
    // Asked for by name on a PostgreSQL database (a shared staging box): allowed.
    expect(
      laptop({ DATABASE_URL: 'postgres://db.example/paylane', SEED_DEMO: 'true', DEV_TOOLS: 'true' }),
    ).toEqual({ seedDemo: true, devTools: true });
  });

  it('never seeds the demo or serves the dev outbox beside a real provider or in production', () => {
    expect(() => loadConfig({ ...twilio, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: not allowed with SMS_PROVIDER=twilio/,
    );
    expect(() => loadConfig({ ...smtp, DEV_TOOLS: 'true' })).toThrow(
      /DEV_TOOLS: not allowed with EMAIL_PROVIDER=smtp/,
    );
    expect(() => loadConfig({ ...stripe, SEED_DEMO: 'true', DEV_TOOLS: 'true' })).toThrow(
      /SEED_DEMO: not allowed with PAYMENT_PROVIDER=stripe[\s\S]*DEV_TOOLS: not allowed with PAYMENT_PROVIDER=stripe/,
    );
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true', DEV_TOOLS: 'true' })).toThrow(
      /SEED_DEMO: not allowed with NODE_ENV=production[\s\S]*DEV_TOOLS: not allowed with NODE_ENV=production/,
    );
  });

  it('listens on loopback outside production unless told otherwise', () => {
    expect(loadConfig({ JWT_SECRET: secret }).host).toBe('127.0.0.1');
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ JWT_SECRET: secret, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('requires JWT_SECRET and ENCRYPTION_KEY in production and keeps a generated secret elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: required[\s\S]*ENCRYPTION_KEY: required/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(
      /ENCRYPTION_KEY: required/,
    );
    expect(loadConfig(production).encryptionKey).toBe(production.ENCRYPTION_KEY);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paylane-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('trusts a number of proxies or their addresses, never every sender of X-Forwarded-For', () => {
    expect(loadConfig({ JWT_SECRET: secret }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: secret, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ JWT_SECRET: secret, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
    expect(() => loadConfig({ JWT_SECRET: secret, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: give the number/,
    );
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET|PORT[\s\S]*JWT_SECRET[\s\S]*DATABASE_URL/,
    );
  });

  it('resolves a relative DATA_DIR against the folder npm was run in', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/paylane', JWT_SECRET: secret }).dataDir).toBe(
      '/srv/paylane/data',
    );
  });

  it('derives the public URL from the port', () => {
    expect(loadConfig({ PORT: '4100', JWT_SECRET: secret }).publicUrl).toBe('http://localhost:4100');
  });
});
