import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../../context';
import { accounts, merchants, messageTemplates, payLinks } from '../../db/schema';
import { addDays, localDateAt } from '../../jobs/zoned-time';
import { hashSecret } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../test/app';
import { PAY_LINK_LIFETIME_MS } from '../pay-links/pay-link-tokens.service';
import { insertAutomationMessages } from './automations.repository';
import { runAutomations } from './automations.service';
import { automationMessages, insertAccount, type AccountSpec } from './automations-test-setup';

// {{payment_link}} in an automation (issue 16 item 6): each message sent gets its own link, written with it.

const ZONE = 'America/Chicago';
const tokenOf = (text: string) => /\/pay\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;

describe('automations with {{payment_link}}', () => {
  let t: TestApp;
  let ctx: AppContext;
  let merchantId: string;
  let templateId: string;
  let today: string;
  const accountIds: Record<string, string> = {};
  const customerIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    ctx = createAppContext({ config: t.config, db, log: t.app.log, now: t.clock.now });
    const [merchant] = await db.insert(merchants).values({ name: 'Link Motors', timeZone: ZONE }).returning();
    merchantId = merchant!.id;
    const [template] = await db
      .insert(messageTemplates)
      .values({
        merchantId,
        name: 'Pay soon',
        type: 'SCHEDULED',
        deltaDays: 3,
        messageBodies: [
          { language: 'en-US', body_type: 'TEXT', message_body: '{{amount_due}} due: {{payment_link}}' },
          { language: 'en-US', body_type: 'EMAIL', message_body: 'Pay {{amount_due}} at {{payment_link}}' },
        ],
      })
      .returning();
    templateId = template!.id;
    today = localDateAt(ZONE, t.clock.now());
    const in3 = addDays(today, 3);
    const add = async (externalId: string, spec: Omit<AccountSpec, 'externalId' | 'dueDate'>) => {
      const made = await insertAccount(db, merchantId, { externalId, dueDate: in3, ...spec });
      accountIds[externalId] = made.account.id;
      customerIds[externalId] = made.customer.id;
    };
    await add('L-DUE', { email: 'due@example.com' });
    await add('L-PAID', { email: 'paid@example.com' });
    await add('L-INACTIVE', { status: 'inactive' });
    await add('L-STOPPED', { smsOptedOut: true, email: 'stopped@example.com' });
    await db.update(accounts).set({ amountDueCents: 0 }).where(eq(accounts.id, accountIds['L-PAID']!));
  });
  afterAll(() => t.close());

  const links = () => t.database.db.select().from(payLinks).where(eq(payLinks.merchantId, merchantId));

  it('gives each message that goes out to an account with money due its own working link', async () => {
    const result = await runAutomations(ctx, { merchantId, localDate: today });
    expect(result).toEqual({ written: 7, skipped: 2 });
    const written = await automationMessages(t.database.db, merchantId);
    const bodies = Object.fromEntries(written.map((m) => [`${m.account}/${m.channel}`, m.body]));
    const url = `${t.config.publicUrl}/pay/`;
    expect(bodies['L-DUE/sms']).toMatch(new RegExp(`^\\$456\\.78 due: ${url}[A-Za-z0-9_-]{43}$`));
    expect(bodies['L-DUE/email']).toMatch(new RegExp(`^Pay \\$456\\.78 at ${url}[A-Za-z0-9_-]{43}$`));
    expect(bodies['L-STOPPED/email']).toMatch(new RegExp(`at ${url}[A-Za-z0-9_-]{43}$`));
    // Nothing to pay, or a text that does not go: the field is empty and no link is made.
    expect(bodies['L-PAID/sms']).toBe('$0.00 due: ');
    expect(bodies['L-PAID/email']).toBe('Pay $0.00 at ');
    expect(bodies['L-INACTIVE/sms']).toBe('$456.78 due: ');
    expect(bodies['L-STOPPED/sms']).toBe('$456.78 due: ');

    const tokens = ['L-DUE/sms', 'L-DUE/email', 'L-STOPPED/email'].map((key) => tokenOf(bodies[key]!)!);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) {
      const opened = await t.request(`/api/pay/${token}/`);
      expect([opened.status, opened.body.status, opened.body.amount_due_cents]).toEqual([
        200,
        'open',
        45_678,
      ]);
    }
    const stored = await links();
    expect(stored.map((link) => link.tokenHash).sort()).toEqual(tokens.map(hashSecret).sort());
    const accountOf = (token: string) =>
      stored.find((link) => link.tokenHash === hashSecret(token))!.accountId;
    expect(tokens.map(accountOf)).toEqual([
      accountIds['L-DUE'],
      accountIds['L-DUE'],
      accountIds['L-STOPPED'],
    ]);
    for (const link of stored) {
      expect(link.createdByUserId).toBeNull();
      expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(PAY_LINK_LIFETIME_MS);
    }
  });

  it('makes no second set when the run is repeated, even by a racing run that read the same accounts', async () => {
    expect(await runAutomations(ctx, { merchantId, localDate: today })).toEqual({ written: 0, skipped: 0 });
    // A racing run rendered its own links for L-DUE before the first committed: its messages and links are not written.
    const racing = await insertAutomationMessages(
      t.database.db,
      { merchantId, templateId, dueDate: addDays(today, 3), now: t.clock.now() },
      (['sms', 'email'] as const).map((channel) => ({
        customerId: customerIds['L-DUE']!,
        accountId: accountIds['L-DUE']!,
        channel,
        body: 'again',
        subject: null,
        language: 'en-US',
        toAddress: channel === 'sms' ? '+17375550000' : 'due@example.com',
        status: 'pending' as const,
        errorMessage: null,
        payLinkTokenHash: hashSecret(`racing-${channel}`),
      })),
    );
    expect(racing).toBe(0);
    expect(await links()).toHaveLength(3);
  });
});
