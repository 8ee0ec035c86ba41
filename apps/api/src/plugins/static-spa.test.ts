import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// Issue 14: a built web app in a folder of its own, served as `npm start` serves apps/web/dist.
const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script>';
const chunk = 'export const answer = 42;';

describe('the static SPA', () => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'paylane-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), indexHtml);
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), chunk);
    t = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves a built asset as itself, cached for a year', async () => {
    const response = await t.request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.body).toBe(chunk);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset (an old tab after a deploy) with 404, not the page', async () => {
    for (const assetPath of ['/assets/index-old999.js', '/assets/chunks/page-old.css', '/assets/']) {
      for (const method of ['GET', 'HEAD']) {
        const response = await t.request(assetPath, { method });
        expect(response.status, `${method} ${assetPath}`).toBe(404);
        expect(response.headers.get('content-type') ?? '').not.toMatch(/html/);
        expect(response.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
      }
    }
    const body = (await t.request('/assets/index-old999.js')).body;
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it('answers every other page path with index.html, never cached, for the client router', async () => {
    for (const pagePath of ['/', '/merchants/x/inbox', '/message-report/1/details', '/no-such-page']) {
      const response = await t.request(pagePath);
      expect(response.status, pagePath).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });
});
