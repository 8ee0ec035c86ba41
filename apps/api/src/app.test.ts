import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createTestApp, type TestApp } from './test/app';

describe('the HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await t.request('/api/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ non_field_errors: ['Malformed request body: expected valid JSON'] });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.request('/api/token/', {
      method: 'POST',
      json: { email: 'a@b.co', password: 'x'.repeat(4096) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body is too large' });
  });

  it('answers unknown API paths and methods with 404 JSON', async () => {
    for (const [path, method] of [
      ['/api/nope/', 'GET'],
      ['/api/token/', 'DELETE'],
      ['/anything', 'POST'],
    ] as const) {
      const response = await t.request(path, { method });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers wrongly typed input with 400, never 500', async () => {
    const bodies = [[], 'text', 42, { email: ['a'], password: {} }, { email: 'a@b.co', password: null }];
    for (const json of bodies) {
      const response = await t.request('/api/token/', { method: 'POST', json });
      expect(response.status).toBe(400);
    }
    const query = await t.request('/api/merchants/simplified_list/?page=-1&page_size=100000', {
      token: await t.demoToken('admin'),
    });
    expect(query.status).toBe(400);
    expect(Object.keys(query.body).sort()).toEqual(['page', 'page_size']);
  });

  it('sends a strict Content-Security-Policy and security headers', async () => {
    const response = await t.request('/api/health/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('publishes an OpenAPI document generated from the request schemas', async () => {
    const response = await t.request('/api/docs/');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const tokenBody = response.body.paths['/api/token/'].post.requestBody.content['application/json'].schema;
    expect(tokenBody.required).toEqual(['email', 'password']);
  });

  it('has no dev outbox in production', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      ENCRYPTION_KEY: 'a-production-encryption-key-of-at-least-43-characters',
      WEB_DIST_DIR: t.config.webDistDir,
    });
    const production = await buildApp({
      config,
      db: t.database.db,
      logger: false,
    });
    const response = await production.inject({ method: 'GET', url: '/api/dev/outbox/emails/' });
    expect(response.statusCode).toBe(404);
    await production.close();
  });

  it('refuses to register an API route that declares no access rule', async () => {
    const fresh = await buildApp({ config: t.config, db: t.database.db, logger: false });
    expect(() => fresh.get('/api/unguarded/', async () => ({ secret: true }))).toThrow(
      /declares no access rule/,
    );
    await fresh.close();
  });
});
