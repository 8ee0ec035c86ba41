import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { responseSerializerCompiler } from './response-serializer';

const rowSchema = z.object({
  id: z.string(),
  amount_cents: z.number().int(),
  note: z.string().nullable(),
  tags: z.array(z.object({ name: z.string() })),
});
const pageSchema = z.object({ next: z.string().nullable(), results: z.array(rowSchema) });

async function appAnswering(rows: unknown[], options: { checked: boolean }) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(options));
  app.get('/rows', { schema: { response: { 200: pageSchema } } }, async () => ({
    next: null,
    results: rows as never,
  }));
  app.get('/dated', { schema: { response: { 200: z.object({ at: z.date() }) } } }, () => ({
    at: new Date('2026-11-27T12:00:00Z'),
  }));
  app.get('/mini', { schema: { response: { 200: zm.object({ access: zm.string() }) as never } } }, () => ({
    access: 'a.b.c',
    refresh: 'not declared',
  }));
  await app.ready();
  return app;
}

const row = { id: 'a', amount_cents: 1250, note: null, tags: [{ name: 'VIP' }] };

describe('responses written by the compiled serializer', () => {
  it('writes only the declared fields, as zod would', async () => {
    for (const checked of [true, false]) {
      const app = await appAnswering([{ ...row, password_hash: 'secret', tags: [{ name: 'VIP', id: 7 }] }], {
        checked,
      });
      const answer = await app.inject({ method: 'GET', url: '/rows' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ next: null, results: [row] });
      expect(answer.body).not.toContain('secret');
      await app.close();
    }
  });

  it('checked (tests): a row that drifts from its schema fails the request instead of being coerced', async () => {
    const drifted = [{ ...row, amount_cents: '1250' }];
    const checked = await appAnswering(drifted, { checked: true });
    expect((await checked.inject({ method: 'GET', url: '/rows' })).statusCode).toBe(500);
    await checked.close();
  });

  it('compiles zod/mini schemas too (the sign-in contract)', async () => {
    const app = await appAnswering([], { checked: true });
    const answer = await app.inject({ method: 'GET', url: '/mini' });
    expect(answer.json()).toEqual({ access: 'a.b.c' });
    await app.close();
  });

  it('keeps zod for a schema JSON Schema cannot express', async () => {
    const app = await appAnswering([], { checked: false });
    const answer = await app.inject({ method: 'GET', url: '/dated' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ at: '2026-11-27T12:00:00.000Z' });
    await app.close();
  });
});
