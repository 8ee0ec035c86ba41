import type { MessageStatus } from '@paylane/shared/messaging';
import type { DemoClock } from './demo-clock';

// What the demo dealership's texts say: conversations in the inbox, the automations' reminders and skips, and
// two mass texts. Customers are named by their place among the demo customers (0 is Maria Garcia, DM-1001;
// 2 is Aisha Moore, who replied STOP). Between them, every message status of docs/product.md §4 shows: Delivered
// (delivered, received), Queued, Sent (sent, accepted) and Failed to send (failed, undelivered), plus
// canceled recipients of a batch. Nothing is left pending: the dispatcher has nothing of this to send.

export type DemoSender = 'admin' | 'staff' | 'superAdmin';
export type DemoTemplateKey = 'reminder' | 'pastDue';
export type DemoBatchKey = 'spring' | 'storm';

/** One text of a conversation, in or out. */
export type DemoChatLine = {
  at: Date;
  body: string;
  /** Who wrote it; absent: the customer (inbound). */
  sender?: DemoSender;
  /** The answer to a STOP (kind keyword_reply), written by nobody. */
  isKeywordReply?: boolean;
  status?: MessageStatus;
  errorCode?: string;
};

export type DemoConversation = {
  customer: number;
  lines: DemoChatLine[];
  /** The customer's texts staff have not opened yet (the inbox badge). */
  unread: number;
  /** Put away until then (issue 20 Snooze): out of Needs reply, in the inbox's Snoozed view. */
  snoozedUntil?: Date;
};

export type DemoAutomation = {
  customer: number;
  template: DemoTemplateKey;
  daysAgo: number;
  status: MessageStatus;
  errorCode?: string;
  /** A recorded skip (docs/product.md §8 reason): written failed, never sent, not part of the conversation. */
  skipReason?: string;
  channel?: 'sms' | 'email';
};

export type DemoRecipient = { customer: number; status: MessageStatus; errorCode?: string };
export type DemoBatch = {
  key: DemoBatchKey;
  name: string;
  at: Date;
  body: string;
  isCsvImported: boolean;
  sender: DemoSender;
  /** When staff canceled what had not left yet. */
  canceledAt?: Date;
  recipients: DemoRecipient[];
};

const delivered = 'delivered' as const;

export function demoConversations(t: DemoClock, stopReply: string): DemoConversation[] {
  return [
    {
      customer: 0,
      unread: 1,
      lines: [
        { at: t.at(11, '09:42'), body: 'Hi, can I pay on Friday instead? I get paid then.' },
        {
          at: t.at(11, '10:05'),
          sender: 'admin',
          body: "Friday is fine, Maria. I've noted it on your account.",
        },
        { at: t.at(11, '10:07'), body: 'Thank you so much!' },
        { at: t.minutesAgo(38), body: 'I just made the payment online. Can you confirm you got it?' },
      ],
    },
    {
      customer: 1,
      unread: 0,
      lines: [
        {
          at: t.at(6, '14:20'),
          sender: 'staff',
          body: 'Hi James, this is Taylor at Demo Motors North. The insurance card we have on file has expired. Could you send us the new one?',
        },
        { at: t.at(6, '18:02'), body: "Sure, I'll email it tonight." },
        { at: t.at(5, '09:10'), sender: 'staff', body: "Got it, thank you James! You're all set." },
      ],
    },
    {
      customer: 2,
      unread: 0,
      lines: [
        { at: t.at(13, '11:24'), body: 'STOP' },
        { at: t.at(13, '11:24'), isKeywordReply: true, body: stopReply },
      ],
    },
    {
      customer: 3,
      unread: 2,
      lines: [
        {
          at: t.minutesAgo(190),
          body: 'I got laid off last week. Is there any way we can set up a payment plan?',
        },
        { at: t.minutesAgo(172), body: "Please call me after 5, I'm at an interview until then." },
      ],
    },
    {
      customer: 4,
      unread: 0,
      lines: [
        {
          at: t.at(3, '11:30'),
          sender: 'admin',
          body: 'Hi Chen, this is Alex at Demo Motors. Please give us a call about your account when you have a moment.',
          status: 'undelivered',
          errorCode: '30003',
        },
        {
          at: t.at(2, '15:45'),
          sender: 'admin',
          body: 'Hi Chen, trying again: please call Demo Motors North at (214) 555-0100.',
          status: 'failed',
          errorCode: '30006',
        },
      ],
    },
    {
      customer: 5,
      unread: 0,
      lines: [
        { at: t.at(1, '19:30'), body: 'Do you do oil changes? My car started making a noise.' },
        {
          at: t.minutesAgo(3),
          sender: 'staff',
          body: 'Hi Emily, yes! The service desk opens at 8. Want me to book you in tomorrow morning?',
          status: 'queued',
        },
      ],
    },
    {
      customer: 6,
      unread: 0,
      lines: [
        {
          at: t.minutesAgo(24),
          sender: 'admin',
          body: 'Hi Darnell, your title paperwork is ready. You can pick it up at Demo Motors South any weekday 9 to 6.',
          status: 'sent',
        },
      ],
    },
    {
      customer: 7,
      unread: 0,
      lines: [
        { at: t.at(2, '08:15'), body: 'Can I move my due date back a few days? My pay schedule changed.' },
        {
          at: t.at(2, '08:40'),
          sender: 'admin',
          body: "Hi Sofia, yes. I've moved your due date back five days.",
        },
        { at: t.at(2, '08:44'), body: 'Perfect, thanks!' },
        {
          at: t.minutesAgo(9),
          sender: 'staff',
          body: 'Hi Sofia, a quick reminder that your payment is due today, on the new date.',
          status: 'accepted',
        },
      ],
    },
    {
      customer: 8,
      unread: 1,
      lines: [
        {
          at: t.at(1, '20:48'),
          body: 'Hi, this is Raj. I have a new phone number, please text me at (214) 555-0188 from now on.',
        },
      ],
    },
    {
      customer: 9,
      unread: 0,
      // She is deciding on refinancing: staff snoozed her thanks until 9 AM in three days.
      snoozedUntil: t.ahead(3, '09:00'),
      lines: [
        { at: t.at(8, '12:02'), body: "What's my payoff amount? I'm thinking about refinancing." },
        {
          at: t.at(8, '12:30'),
          sender: 'admin',
          body: "Hi Hannah, your payoff as of today is $8,412.60. It's good for 10 days.",
        },
        { at: t.at(8, '12:33'), body: "Thanks, I'll let you know." },
      ],
    },
    {
      customer: 10,
      unread: 0,
      lines: [
        {
          at: t.at(15, '10:00'),
          sender: 'superAdmin',
          body: 'Your account has moved to Demo Motors North. Your payment amount and due date stay the same.',
        },
      ],
    },
    {
      customer: 12,
      unread: 1,
      lines: [
        { at: t.at(5, '13:10'), body: 'Is it ok if I pay half now and half next week?' },
        {
          at: t.at(5, '13:40'),
          sender: 'staff',
          body: "Hi Ivan, that's fine. I've added a note to your account.",
        },
        { at: t.at(1, '17:05'), body: 'Paid the first half today.' },
      ],
    },
    {
      customer: 13,
      unread: 1,
      lines: [{ at: t.minutesAgo(55), body: 'Is the dealership open on Saturday?' }],
    },
  ];
}

export const demoAutomations: DemoAutomation[] = [
  { customer: 0, template: 'reminder', daysAgo: 12, status: delivered },
  { customer: 0, template: 'reminder', daysAgo: 12, status: 'sent', channel: 'email' },
  { customer: 12, template: 'reminder', daysAgo: 5, status: delivered },
  { customer: 15, template: 'reminder', daysAgo: 2, status: delivered },
  { customer: 16, template: 'reminder', daysAgo: 2, status: 'undelivered', errorCode: '30003' },
  { customer: 17, template: 'reminder', daysAgo: 1, status: delivered },
  { customer: 20, template: 'reminder', daysAgo: 9, status: delivered },
  { customer: 3, template: 'pastDue', daysAgo: 4, status: delivered },
  { customer: 21, template: 'pastDue', daysAgo: 7, status: delivered },
  { customer: 24, template: 'pastDue', daysAgo: 3, status: delivered },
  // Customer 23's account is inactive; customer 2 replied STOP.
  {
    customer: 23,
    template: 'reminder',
    daysAgo: 6,
    status: 'failed',
    skipReason: 'Account is set to Inactive',
  },
  {
    customer: 2,
    template: 'pastDue',
    daysAgo: 1,
    status: 'failed',
    skipReason: 'The customer has opted out of email or text messages',
  },
];

export function demoBatches(t: DemoClock): DemoBatch[] {
  return [
    {
      key: 'spring',
      name: 'Spring Service Special',
      at: t.at(13, '11:00'),
      sender: 'admin',
      isCsvImported: false,
      body: 'Hi {{first_name}}, spring is here! Get 20% off an oil change and tire rotation at {{location}} this month. Reply STOP to opt out.',
      recipients: [
        { customer: 0, status: delivered },
        { customer: 1, status: delivered },
        { customer: 2, status: delivered },
        { customer: 3, status: delivered },
        { customer: 4, status: 'undelivered', errorCode: '30006' },
        { customer: 5, status: delivered },
        { customer: 6, status: 'sent' },
        { customer: 7, status: delivered },
        { customer: 8, status: 'undelivered', errorCode: '30003' },
        { customer: 9, status: delivered },
      ],
    },
    {
      key: 'storm',
      name: 'Storm Closure',
      at: t.at(4, '20:52'),
      sender: 'staff',
      isCsvImported: true,
      // Quiet hours began at 21:00 with three recipients still waiting; by morning the news was stale.
      canceledAt: t.at(4, '21:04'),
      body: 'Demo Motors: due to the storm, both locations are closed tomorrow. Payments due tomorrow can be made Monday with no late fee.',
      recipients: [
        ...[10, 11, 12, 13, 14, 15, 16, 17].map((customer) => ({ customer, status: delivered })),
        { customer: 18, status: 'undelivered', errorCode: '30005' },
        ...[19, 20, 21].map((customer) => ({ customer, status: 'canceled' as const })),
      ],
    },
  ];
}
