// Messaging rules shared by the server and the browser (docs/product.md §3 Message template, §4, §5, §9): template
// types, merge fields, the type a template gets on save, message statuses and SMS segment counting.
import { SegmentedMessage } from 'sms-segments-calculator';

export const systemTemplateTypes = [
  'AUTOPAY',
  'AUTOPAY_DISABLED',
  'AUTOPAY_MERCHANT',
  'AUTOPAY_DISABLED_MERCHANT',
  'PAYMENT_FAILED',
  'PAYMENT_PROMISE',
  'PAYMENT_PROMISE_CONFIRMED',
  'PAYMENT_SCHEDULED',
  'PAYMENTREQUEST',
  'THANKS',
  'WELCOME',
  'UNCONFIRMED_PROMISE',
  'UNCONFIRMED_PAYMENT_METHOD',
] as const;
export type SystemTemplateType = (typeof systemTemplateTypes)[number];

export const templateTypes = ['UNSCHEDULED', 'SCHEDULED', ...systemTemplateTypes] as const;
export type TemplateType = (typeof templateTypes)[number];

export const bodyTypes = ['TEXT', 'EMAIL'] as const;
export type BodyType = (typeof bodyTypes)[number];

export const DEFAULT_LANGUAGE = 'en-US';
/** docs/product.md §9: SMS body max 300 characters, the counter turns red above 290. */
export const SMS_BODY_MAX = 300;
export const SMS_BODY_WARNING = 290;

export function isSystemTemplateType(type: string): type is SystemTemplateType {
  return (systemTemplateTypes as readonly string[]).includes(type);
}

/** docs/product.md §9 merge fields, written in a body as {{field}}. */
export const mergeFields = [
  'first_name',
  'last_name',
  'due_date',
  'amount_due',
  'cadence',
  'payment_method',
  'payment_link',
  'location',
  'account_number',
  'vehicle_year',
  'vehicle_make',
  'vehicle_model',
  'collector_name',
] as const;
export type MergeField = (typeof mergeFields)[number];
export type MergeValues = Partial<Record<MergeField, string>>;

export function mergeSnippet(field: MergeField): string {
  return `{{${field}}}`;
}

const placeholderPattern = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The merge fields a body uses, in order of first use. */
export function usedMergeFields(body: string): MergeField[] {
  const found = new Set<MergeField>();
  for (const match of body.matchAll(placeholderPattern)) {
    const name = match[1] as MergeField;
    if ((mergeFields as readonly string[]).includes(name)) found.add(name);
  }
  return [...found];
}

/** Replaces each known {{field}} with its value ('' when missing); unknown placeholders stay as written. */
export function renderBody(body: string, values: MergeValues): string {
  return body.replace(placeholderPattern, (whole, name: string) =>
    (mergeFields as readonly string[]).includes(name) ? (values[name as MergeField] ?? '') : whole,
  );
}

/** docs/product.md §4: a collector-name placeholder disables and clears automation (no collector sends automations). */
export function hasCollectorName(body: string): boolean {
  return usedMergeFields(body).includes('collector_name');
}

export type AutomationChoice = 'none' | 'before' | 'on' | 'after';

/** docs/product.md §4 automation: before due date → positive days, on → 0, after → negative days; none → null. */
export function deltaDaysFor(choice: AutomationChoice, days: number): number | null {
  if (choice === 'none') return null;
  if (choice === 'on') return 0;
  const magnitude = Math.abs(Math.trunc(days));
  return choice === 'before' ? magnitude : -magnitude;
}

export function automationChoiceOf(deltaDays: number | null): { choice: AutomationChoice; days: number } {
  if (deltaDays === null) return { choice: 'none', days: 0 };
  if (deltaDays === 0) return { choice: 'on', days: 0 };
  return deltaDays > 0 ? { choice: 'before', days: deltaDays } : { choice: 'after', days: -deltaDays };
}

/**
 * docs/product.md §4 type on save: system types keep theirs; no automation, or a collector-name placeholder, gives
 * UNSCHEDULED; otherwise SCHEDULED.
 */
export function templateTypeOnSave(input: {
  currentType?: TemplateType | undefined;
  deltaDays: number | null;
  bodies: readonly string[];
}): TemplateType {
  if (input.currentType && isSystemTemplateType(input.currentType)) return input.currentType;
  if (input.deltaDays === null || input.bodies.some(hasCollectorName)) return 'UNSCHEDULED';
  return 'SCHEDULED';
}

/** What a provider or we say about a message; stored in messages.status. */
export const messageStatuses = [
  // Ours: written, not yet handed to the provider (waiting for its turn, quiet hours or a retry).
  'pending',
  // Ours: claimed by a dispatcher and being handed over right now.
  'sending',
  'accepted',
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'canceled',
  // Inbound.
  'received',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];

const statusRank: Record<MessageStatus, number> = {
  pending: 0,
  sending: 1,
  accepted: 2,
  queued: 3,
  sent: 4,
  delivered: 5,
  undelivered: 5,
  failed: 5,
  canceled: 5,
  received: 5,
};

/**
 * docs/conventions.md §5: statuses move forward only, so a late 'sent' never overwrites 'delivered'. A final status
 * (delivered, undelivered, failed, canceled, received) is never replaced.
 */
export function isStatusForward(from: MessageStatus, to: MessageStatus): boolean {
  return statusRank[to] > statusRank[from];
}

export function statusRankOf(status: MessageStatus): number {
  return statusRank[status];
}

export type StatusDisplay = 'Delivered' | 'Queued' | 'Sent' | 'Failed to send' | 'Sending';

/**
 * docs/product.md §4 display: delivered/received → Delivered; queued → Queued; sent/accepted → Sent; failed/undelivered
 * or an error → Failed to send. Our own pending/sending (not yet with the provider) read as Queued.
 */
export function displayStatus(status: string, errorCode?: string | null): StatusDisplay {
  if (errorCode) return 'Failed to send';
  switch (status) {
    case 'delivered':
    case 'received':
      return 'Delivered';
    case 'sent':
    case 'accepted':
      return 'Sent';
    case 'failed':
    case 'undelivered':
    case 'canceled':
      return 'Failed to send';
    default:
      return 'Queued';
  }
}

export type SegmentInfo = { encoding: 'GSM-7' | 'UCS-2'; segments: number; characters: number };

/** How many SMS segments a body takes (GSM-7 160/153, UCS-2 70/67), by Twilio's own calculator. */
export function countSegments(body: string): SegmentInfo {
  if (body.length === 0) return { encoding: 'GSM-7', segments: 0, characters: 0 };
  const message = new SegmentedMessage(body, 'auto');
  return {
    encoding: message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    segments: message.segmentsCount,
    characters: message.numberOfCharacters,
  };
}

/**
 * The characters that make a body UCS-2 and so double its cost (curly quotes, dashes, emoji, letters outside
 * the GSM-7 alphabet), each once in order of appearance, as Twilio's calculator finds them.
 */
export function nonGsmCharacters(body: string): string[] {
  if (body.length === 0) return [];
  return [...new Set(new SegmentedMessage(body, 'auto').getNonGsmCharacters())];
}

/**
 * The body with the look-alikes Twilio's Smart Encoding replaces (’ → ', “ ” → ", – → -, … → ...) written in
 * plain GSM-7 characters; what it has no replacement for (emoji, most accented letters) stays.
 */
export function withPlainCharacters(body: string): string {
  if (body.length === 0) return body;
  return new SegmentedMessage(body, 'auto', true).graphemes.join('');
}

/** Inbound keywords (docs/reference/messaging.md §2): the whole message, any case, spaces trimmed. */
export const optOutKeywords = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
] as const;
export const optInKeywords = ['START', 'YES', 'UNSTOP'] as const;
export const helpKeywords = ['HELP', 'INFO'] as const;

export type InboundKeyword = 'opt_out' | 'opt_in' | 'help' | null;

export function classifyInboundKeyword(body: string): InboundKeyword {
  const word = body.trim().toUpperCase();
  if ((optOutKeywords as readonly string[]).includes(word)) return 'opt_out';
  if ((optInKeywords as readonly string[]).includes(word)) return 'opt_in';
  if ((helpKeywords as readonly string[]).includes(word)) return 'help';
  return null;
}
