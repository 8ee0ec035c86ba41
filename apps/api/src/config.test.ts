import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const secret = 'a-production-secret-of-at-least-32-characters';

describe('configuration', () => {
  it('seeds the demo outside production only, unless told', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paylane-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('requires JWT_SECRET in production and keeps a generated one across restarts elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required/);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paylane-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
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
