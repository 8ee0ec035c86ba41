import type { DemoClock } from './demo-clock';
import type { DemoSender } from './demo-conversations';

// The notes staff left on demo customers and the changes they made, on the customers' history timelines.
// They follow the conversations of demo-conversations.ts (customers by their place among the demo's).

export type DemoNote = {
  customer: number;
  at: Date;
  author: DemoSender;
  body: string;
  /** Written on the customer's account rather than the customer. */
  onAccount?: boolean;
};

export type DemoHistoryEvent = {
  customer: number;
  at: Date;
  actor: DemoSender;
  kind: 'customer.updated' | 'account.updated';
  /** As the services write them: { field: [before, after] }. */
  details: Record<string, unknown>;
  onAccount?: boolean;
};

export function demoNotes(t: DemoClock): DemoNote[] {
  return [
    { customer: 0, at: t.at(30, '16:20'), author: 'staff', body: 'Prefers a text before noon.' },
    {
      customer: 0,
      at: t.at(11, '10:06'),
      author: 'admin',
      body: 'Promised to pay the balance on Friday.',
      onAccount: true,
    },
    {
      customer: 2,
      at: t.at(13, '14:02'),
      author: 'staff',
      body: 'Replied STOP to the spring offer. Call for anything about the account; no texts.',
    },
    {
      customer: 3,
      at: t.minutesAgo(160),
      author: 'admin',
      body: 'Lost his job last week. Call after 5 pm to set up a two-payment plan.',
      onAccount: true,
    },
    {
      customer: 4,
      at: t.at(2, '15:50'),
      author: 'admin',
      body: 'Texts fail: the number on file is a landline. Ask for a mobile number at the next visit.',
    },
    {
      customer: 9,
      at: t.at(8, '12:35'),
      author: 'admin',
      body: 'Asked for a payoff quote ($8,412.60, good for 10 days). May refinance with her credit union.',
      onAccount: true,
    },
    {
      customer: 12,
      at: t.at(5, '13:41'),
      author: 'staff',
      body: 'Paying half now and half next week.',
      onAccount: true,
    },
    {
      customer: 8,
      at: t.at(1, '21:02'),
      author: 'staff',
      body: 'Texted about a new phone number. Confirm by a call before changing it.',
    },
  ];
}

export function demoHistory(t: DemoClock): DemoHistoryEvent[] {
  return [
    {
      customer: 7,
      at: t.at(2, '08:41'),
      actor: 'admin',
      kind: 'account.updated',
      onAccount: true,
      details: { due_date: [t.date(-5), t.date(0)] },
    },
    {
      customer: 10,
      at: t.at(15, '09:58'),
      actor: 'superAdmin',
      kind: 'customer.updated',
      details: { location: ['Demo Motors South', 'Demo Motors North'] },
    },
    {
      customer: 1,
      at: t.at(20, '11:12'),
      actor: 'staff',
      kind: 'customer.updated',
      details: { email: ['jwilliams@example.com', 'james.williams.2@example.com'] },
    },
    {
      customer: 5,
      at: t.at(25, '10:30'),
      actor: 'admin',
      kind: 'account.updated',
      onAccount: true,
      details: { cadence: ['monthly', 'biweekly'] },
    },
  ];
}
