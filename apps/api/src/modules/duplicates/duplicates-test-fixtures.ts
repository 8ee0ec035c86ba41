import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountCoBorrowers,
  accountTagLinks,
  accountTags,
  accounts,
  auditLog,
  customerEvents,
  customers,
  merchants,
} from '../../db/schema';

// Records written straight to the database for the merge tests: the merge endpoints are under test, not the
// customer screens that would otherwise create them.

export function mergeFixtures(db: Db) {
  const unique = () => randomUUID().slice(0, 8);
  return {
    async merchantId(name: string) {
      const [row] = await db.select().from(merchants).where(eq(merchants.name, name));
      if (row) return row.id;
      const [created] = await db.insert(merchants).values({ name }).returning();
      return created!.id;
    },
    async customer(merchantId: string, data: Partial<typeof customers.$inferInsert> = {}) {
      const [row] = await db
        .insert(customers)
        .values({ merchantId, firstName: 'Pat', lastName: `Test ${unique()}`, ...data })
        .returning();
      return row!;
    },
    async account(merchantId: string, customerId: string, data: Partial<typeof accounts.$inferInsert> = {}) {
      const [row] = await db
        .insert(accounts)
        .values({ merchantId, customerId, amountDueCents: 12_500, ...data })
        .returning();
      return row!;
    },
    async tag(merchantId: string) {
      const [row] = await db
        .insert(accountTags)
        .values({ merchantId, name: `Tag ${unique()}` })
        .returning();
      return row!;
    },
    async tagLink(merchantId: string, accountId: string, tagId: string) {
      await db.insert(accountTagLinks).values({ merchantId, accountId, tagId });
    },
    async coBorrow(merchantId: string, accountId: string, customerId: string) {
      await db.insert(accountCoBorrowers).values({ merchantId, accountId, customerId });
    },
    async coBorrowers(accountId: string) {
      const rows = await db
        .select({ customerId: accountCoBorrowers.customerId })
        .from(accountCoBorrowers)
        .where(eq(accountCoBorrowers.accountId, accountId));
      return rows.map((row) => row.customerId).sort();
    },
    async coBorrowedBy(customerId: string) {
      const rows = await db
        .select({ accountId: accountCoBorrowers.accountId })
        .from(accountCoBorrowers)
        .where(eq(accountCoBorrowers.customerId, customerId));
      return rows.map((row) => row.accountId).sort();
    },
    async tagsOf(accountId: string) {
      const rows = await db
        .select({ tagId: accountTagLinks.tagId })
        .from(accountTagLinks)
        .where(eq(accountTagLinks.accountId, accountId));
      return rows.map((row) => row.tagId).sort();
    },
    async readCustomer(id: string) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      return row!;
    },
    async readAccount(id: string) {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row!;
    },
    events(customerId: string, kind: string) {
      return db
        .select()
        .from(customerEvents)
        .where(and(eq(customerEvents.customerId, customerId), eq(customerEvents.kind, kind)))
        .orderBy(asc(customerEvents.id));
    },
    audits(action: string, entityId: string) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
    },
    /** Makes every audit entry of `action` fail, as the last step of a merge failing would. */
    async failAuditOf(action: string) {
      await db.execute(
        sql.raw(`create or replace function merge_test_fail() returns trigger as $$
        begin raise exception 'audit log unavailable'; end $$ language plpgsql`),
      );
      await db.execute(
        sql.raw(`create trigger merge_test_fail before insert on audit_log for each row
          when (new.action = '${action}') execute function merge_test_fail()`),
      );
      return async () => {
        await db.execute(sql.raw('drop trigger merge_test_fail on audit_log'));
      };
    },
  };
}
