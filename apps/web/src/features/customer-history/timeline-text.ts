import type { TimelineItem } from '@paylane/shared/contracts/customer-timeline';
import { formatCurrency } from '@paylane/shared/format';
import { displayStatus } from '@paylane/shared/messaging';
import { paymentStatusLabels } from '../../components/payment-status-badge';
import { formatFullName } from '../../lib/format';
import { describeEvent } from './history-text';

// One line per timeline item (issue 20): its label, who did it, and what happened. History events read as the
// History tab tells them (describeEvent); messages, payments and notes get a sentence of their own here.

export type TimelineLine = {
  /** The kind's label: 'Text in', 'Email out', 'Payment', 'Note', 'History'. */
  label: string;
  /** A colour per kind, so the eye finds payments among texts. */
  color: string;
  who: string;
  text: string;
};

const channelName = (channel: 'sms' | 'email') => (channel === 'email' ? 'Email' : 'Text');

const paymentChannels: Record<string, string> = {
  pay_link: 'by pay link',
  autopay: 'by autopay',
  scheduled: 'as a scheduled payment',
  api: 'through an integration',
};

function paymentText(payment: Extract<TimelineItem, { type: 'payment' }>['payment']): string {
  const total = formatCurrency(payment.amount_cents + payment.fee_cents);
  const what = payment.is_misc ? `Misc payment of ${total}` : `Payment of ${total}`;
  const method = payment.method_label ? ` (${payment.method_label})` : '';
  const how = paymentChannels[payment.channel] ? ` ${paymentChannels[payment.channel]}` : '';
  const refunded = payment.refunded_cents > 0 ? `, ${formatCurrency(payment.refunded_cents)} refunded` : '';
  const failure = payment.failure_message ? `: ${payment.failure_message}` : '';
  const note = payment.is_misc && payment.note ? ` for ${payment.note}` : '';
  return `${what}${note}${method}${how} — ${paymentStatusLabels[payment.status]}${refunded}${failure}`;
}

/** Who an item names: staff by name; a text in is the customer's; what nobody typed is the system's. */
function whoOf(item: TimelineItem, customerName: string): string {
  if (item.actor) return formatFullName(item.actor);
  if (item.type === 'message') return item.message.direction === 'inbound' ? customerName : 'Automated';
  if (item.type === 'payment' && ['pay_link', 'autopay', 'scheduled'].includes(item.payment.channel)) {
    return item.payment.channel === 'pay_link' ? customerName : 'Automated';
  }
  return 'System';
}

export function describeTimelineItem(
  item: TimelineItem,
  context: { customerName: string; accountLabel: (accountId: string) => string | null },
): TimelineLine {
  const who = whoOf(item, context.customerName);
  switch (item.type) {
    case 'message': {
      const { message } = item;
      const label = `${channelName(message.channel)} ${message.direction === 'inbound' ? 'in' : 'out'}`;
      const attachments = message.attachment_count > 0 ? ' (attachment)' : '';
      const body = message.body.trim() || (attachments ? 'Attachment' : '(empty)');
      const status =
        message.direction === 'outbound' ? ` · ${displayStatus(message.status, message.error_code)}` : '';
      return {
        label,
        color: 'blue.1',
        who,
        text: `${body}${body === 'Attachment' ? '' : attachments}${status}`,
      };
    }
    case 'payment':
      return { label: 'Payment', color: 'green.1', who, text: paymentText(item.payment) };
    case 'note': {
      const account = item.note.account_id ? context.accountLabel(item.note.account_id) : null;
      return {
        label: 'Note',
        color: 'yellow.1',
        who,
        text: account ? `${account}: ${item.note.body}` : item.note.body,
      };
    }
    case 'event': {
      const account = item.event.account_id ? context.accountLabel(item.event.account_id) : null;
      const described = describeEvent(item.event, account);
      const change = described.changes[0];
      const detail = described.body ?? (change ? `${change.label}: ${change.before} → ${change.after}` : '');
      const more = described.changes.length > 1 ? ` (+${described.changes.length - 1} more)` : '';
      const isMoney = item.kind === 'payments';
      return {
        label: isMoney ? 'Payment' : item.kind === 'notes' ? 'Note' : 'History',
        color: isMoney ? 'green.1' : item.kind === 'notes' ? 'yellow.1' : 'gray.2',
        who,
        text: detail ? `${described.sentence} — ${detail}${more}` : described.sentence,
      };
    }
  }
}
