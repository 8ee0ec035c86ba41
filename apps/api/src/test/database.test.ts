import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createTestDatabase } from './database';

describe('test databases', () => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    first = await createTestDatabase();
    second = await createTestDatabase();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('start migrated and isolated from each other', async () => {
    await first.db.insert(users).values({ email: 'only-in-first@example.test' });
    expect(await first.db.select().from(users)).toHaveLength(1);
    expect(await second.db.select().from(users)).toHaveLength(0);
  });
});
