import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../context';
import { merchants, outboxEmails } from '../../db/schema';
import { addDays, localDateAt } from '../../jobs/zoned-time';
import { createTestApp, type TestApp } from '../../test/app';
import { automationMessages, insertAccount, insertTemplate } from './automations-test-setup';
import { runAutomations } from './automations.service';
import { waitUntil } from '../../test/wait';

describe('automations handed to the dispatcher', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ OUTBOX_SMS_STEP_MS: '20' }, { jobs: true });
  });
  afterAll(() => t.close());

  it('asks for a dispatch: the text is delivered through the outbox, the email sent, the skip never leaves', async () => {
    const { db } = t.database;
    const zone = 'America/Denver';
    // Quiet hours off, so the test does not depend on the hour it runs at.
    const [merchant] = await db
      .insert(merchants)
      .values({ name: 'Dispatch Motors', timeZone: zone, quietHoursStart: '00:00', quietHoursEnd: '00:00' })
      .returning();
    const merchantId = merchant!.id;
    const today = localDateAt(zone, t.clock.now());
    const email = 'Dear {{first_name}}, {{amount_due}} is due on {{due_date}}.';
    await insertTemplate(db, { merchantId, name: 'Heads Up', deltaDays: 1, email });
    const ok = await insertAccount(db, merchantId, {
      externalId: 'D-OK',
      dueDate: addDays(today, 1),
      email: 'd-ok@example.com',
    });
    await insertAccount(db, merchantId, {
      externalId: 'D-STOP',
      dueDate: addDays(today, 1),
      smsOptedOut: true,
    });

    const ctx = createAppContext({ config: t.config, db, log: t.app.log, now: t.clock.now, queue: t.queue });
    expect(await runAutomations(ctx, { merchantId, localDate: today })).toEqual({ written: 3, skipped: 1 });
    await waitUntil(async () => {
      const statuses = (await automationMessages(db, merchantId)).map(({ account, channel, status }) => ({
        account,
        channel,
        status,
      }));
      expect(statuses).toEqual([
        { account: 'D-OK', channel: 'email', status: 'sent' },
        { account: 'D-OK', channel: 'sms', status: 'delivered' },
        { account: 'D-STOP', channel: 'sms', status: 'failed' },
      ]);
    }, 250);
    const [mail] = await db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'd-ok@example.com'));
    expect(mail).toMatchObject({
      subject: 'Heads Up',
      text: expect.stringContaining(`Dear ${ok.customer.firstName},`),
    });
  });
});
