import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function createUser(
  db: Db,
  data: Pick<
    typeof users.$inferInsert,
    'email' | 'passwordHash' | 'firstName' | 'lastName' | 'isSuperAdmin' | 'isPartner'
  >,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...data, email: data.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateUser(
  db: Db,
  {
    id,
    data,
  }: { id: string; data: Partial<Pick<UserRow, 'passwordHash' | 'lastLoginAt' | 'firstName' | 'lastName'>> },
): Promise<void> {
  await db
    .update(users)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(users.id, id));
}
