import { DEFAULT_LANGUAGE, type SystemTemplateType } from '@paylane/shared/messaging';
import type { MessageBody } from '../../db/schema/messaging';

// The auto generated templates every merchant has (docs/product.md §3 system types): one per event, seeded active, never
// deleted. Merchants reword them on the template pages; the events that send them arrive with their issues
// (payments, promises, autopay). TEXT bodies stay under the 300-character limit with merge fields filled.

type SystemTemplateDefault = { name: string; description: string; text: string; email?: string };

const signOff = '\n\nThank you,\n{{location}}';

export const systemTemplateDefaults: Record<SystemTemplateType, SystemTemplateDefault> = {
  AUTOPAY: {
    name: 'Autopay Enabled',
    description: 'Sent when a customer turns autopay on.',
    text: 'Hi {{first_name}}, autopay is now on for your {{vehicle_year}} {{vehicle_make}} {{vehicle_model}}. {{amount_due}} will be paid with {{payment_method}} on {{due_date}}.',
    email: `Hi {{first_name}},\n\nAutopay is now on for account {{account_number}}. Your next payment of {{amount_due}} will be made with {{payment_method}} on {{due_date}}.${signOff}`,
  },
  AUTOPAY_DISABLED: {
    name: 'Autopay Disabled',
    description: 'Sent when a customer turns autopay off.',
    text: 'Hi {{first_name}}, autopay is now off for account {{account_number}}. Your next payment of {{amount_due}} is due {{due_date}}. Pay here: {{payment_link}}',
    email: `Hi {{first_name}},\n\nAutopay is now off for account {{account_number}}. Your next payment of {{amount_due}} is due on {{due_date}}. You can pay here: {{payment_link}}${signOff}`,
  },
  AUTOPAY_MERCHANT: {
    name: 'Autopay Enabled by Dealer',
    description: 'Sent when staff turn autopay on for a customer.',
    text: 'Hi {{first_name}}, {{location}} set up autopay for account {{account_number}}. {{amount_due}} will be paid with {{payment_method}} on {{due_date}}.',
    email: `Hi {{first_name}},\n\nWe set up autopay for account {{account_number}} as you asked. Your next payment of {{amount_due}} will be made with {{payment_method}} on {{due_date}}.${signOff}`,
  },
  AUTOPAY_DISABLED_MERCHANT: {
    name: 'Autopay Disabled by Dealer',
    description: 'Sent when staff turn autopay off for a customer.',
    text: 'Hi {{first_name}}, {{location}} turned off autopay for account {{account_number}}. Your next payment of {{amount_due}} is due {{due_date}}. Pay here: {{payment_link}}',
    email: `Hi {{first_name}},\n\nAutopay has been turned off for account {{account_number}}. Your next payment of {{amount_due}} is due on {{due_date}}. You can pay here: {{payment_link}}${signOff}`,
  },
  PAYMENT_FAILED: {
    name: 'Payment Failed',
    description: 'Sent when a payment is declined or returned.',
    text: 'Hi {{first_name}}, your payment of {{amount_due}} with {{payment_method}} did not go through. Please pay here: {{payment_link}}',
    email: `Hi {{first_name}},\n\nYour payment of {{amount_due}} for account {{account_number}} with {{payment_method}} did not go through. Please make your payment here: {{payment_link}}${signOff}`,
  },
  PAYMENT_PROMISE: {
    name: 'Payment Promise',
    description: 'Sent when a customer promises to pay.',
    text: 'Hi {{first_name}}, thanks for letting us know you will pay {{amount_due}} for account {{account_number}}. You can pay anytime here: {{payment_link}}',
  },
  PAYMENT_PROMISE_CONFIRMED: {
    name: 'Payment Promise Confirmed',
    description: 'Sent when a payment promise is confirmed.',
    text: 'Hi {{first_name}}, your promise to pay {{amount_due}} for account {{account_number}} is confirmed. Thank you!',
  },
  PAYMENT_SCHEDULED: {
    name: 'Payment Scheduled',
    description: 'Sent when a payment is scheduled.',
    text: 'Hi {{first_name}}, your payment of {{amount_due}} with {{payment_method}} is scheduled for {{due_date}}. Thank you!',
    email: `Hi {{first_name}},\n\nYour payment of {{amount_due}} for account {{account_number}} with {{payment_method}} is scheduled for {{due_date}}.${signOff}`,
  },
  PAYMENTREQUEST: {
    name: 'Payment Request',
    description: 'Sent with a payment link when staff request a payment.',
    text: 'Hi {{first_name}}, {{location}} has sent you a request to pay {{amount_due}} for account {{account_number}}. Pay securely here: {{payment_link}}',
    email: `Hi {{first_name}},\n\n{{location}} has sent you a request to pay {{amount_due}} for account {{account_number}}. You can pay securely here: {{payment_link}}${signOff}`,
  },
  THANKS: {
    name: 'Payment Received',
    description: 'Sent when a payment is received.',
    text: 'Hi {{first_name}}, we received your payment for account {{account_number}}. Thank you!',
    email: `Hi {{first_name}},\n\nWe received your payment for account {{account_number}}. Thank you for your business!${signOff}`,
  },
  WELCOME: {
    name: 'Welcome',
    description: 'Sent when a customer is added.',
    text: 'Welcome to {{location}}, {{first_name}}! We will text you payment reminders for your {{vehicle_year}} {{vehicle_make}} {{vehicle_model}}. Reply STOP to opt out.',
    email: `Welcome, {{first_name}}!\n\nThank you for choosing {{location}}. We will send you reminders about payments for your {{vehicle_year}} {{vehicle_make}} {{vehicle_model}} (account {{account_number}}).${signOff}`,
  },
  UNCONFIRMED_PROMISE: {
    name: 'Unconfirmed Promise',
    description: 'Sent when a payment promise still needs confirming.',
    text: 'Hi {{first_name}}, we have your promise to pay {{amount_due}} for account {{account_number}} but it is not confirmed yet. Please confirm or pay here: {{payment_link}}',
  },
  UNCONFIRMED_PAYMENT_METHOD: {
    name: 'Unconfirmed Payment Method',
    description: 'Sent when a saved payment method still needs confirming.',
    text: 'Hi {{first_name}}, please confirm your payment method for account {{account_number}} so your payments go through: {{payment_link}}',
  },
};

/** The stored message bodies of a default: the TEXT body, and the EMAIL body where it has one. */
export function systemTemplateBodies(template: SystemTemplateDefault): MessageBody[] {
  const bodies: MessageBody[] = [
    { language: DEFAULT_LANGUAGE, body_type: 'TEXT', message_body: template.text },
  ];
  if (template.email) {
    bodies.push({ language: DEFAULT_LANGUAGE, body_type: 'EMAIL', message_body: template.email });
  }
  return bodies;
}
