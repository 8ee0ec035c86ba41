import { DEFAULT_LANGUAGE } from '@paylane/shared/messaging';
import type { Db } from '../client';
import { customerGroupMembers, customerGroups, messageTemplates } from '../schema';
import { seedSystemTemplates } from '../../modules/message-templates/system-templates.repository';

const text = (body: string) => ({
  language: DEFAULT_LANGUAGE,
  body_type: 'TEXT' as const,
  message_body: body,
});
const email = (body: string) => ({
  language: DEFAULT_LANGUAGE,
  body_type: 'EMAIL' as const,
  message_body: body,
});

/**
 * The demo merchant's messaging: its auto generated templates, two payment reminders the daily automation
 * sends (3 days before and 2 days after the due date), a template for staff to send by hand, and a group of
 * the first ten demo customers for a mass text.
 */
export async function seedDemoMessaging(
  db: Db,
  input: { merchantId: string; authorId: string; customerIds: string[] },
): Promise<void> {
  const { merchantId, authorId } = input;
  await seedSystemTemplates(db, merchantId);
  await db.insert(messageTemplates).values([
    {
      merchantId,
      name: 'Payment Reminder',
      description: 'Three days before the due date.',
      type: 'SCHEDULED',
      deltaDays: 3,
      createdByUserId: authorId,
      messageBodies: [
        text(
          'Hi {{first_name}}, a friendly reminder that your {{cadence}} payment of {{amount_due}} for your {{vehicle_year}} {{vehicle_make}} {{vehicle_model}} is due {{due_date}}. Reply STOP to opt out.',
        ),
        email(
          'Hi {{first_name}},\n\nThis is a friendly reminder that your payment of {{amount_due}} for account {{account_number}} is due on {{due_date}}.\n\nThank you,\n{{location}}',
        ),
      ],
    },
    {
      merchantId,
      name: 'Past Due Notice',
      description: 'Two days after the due date.',
      type: 'SCHEDULED',
      deltaDays: -2,
      createdByUserId: authorId,
      messageBodies: [
        text(
          'Hi {{first_name}}, your payment of {{amount_due}} for account {{account_number}} was due {{due_date}}. Please call {{location}} or pay today. Reply STOP to opt out.',
        ),
      ],
    },
    {
      merchantId,
      name: 'Collector Follow-up',
      description: 'Sent by hand from the inbox.',
      type: 'UNSCHEDULED',
      createdByUserId: authorId,
      messageBodies: [
        text(
          'Hi {{first_name}}, this is {{collector_name}} at {{location}}. Please give me a call about account {{account_number}} when you have a moment.',
        ),
      ],
    },
  ]);
  const [group] = await db
    .insert(customerGroups)
    .values({ merchantId, name: 'First Ten Customers', createdByUserId: authorId })
    .returning({ id: customerGroups.id });
  if (!group) throw new Error('demo group insert returned no row');
  await db
    .insert(customerGroupMembers)
    .values(
      input.customerIds.slice(0, 10).map((customerId) => ({ merchantId, groupId: group.id, customerId })),
    );
}
