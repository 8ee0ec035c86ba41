import type { InboundKeyword } from '@paylane/shared/messaging';
import { formatPhone } from '@paylane/shared/format';

type Merchant = { merchantName: string; merchantPhone: string | null; merchantEmail: string };

/**
 * The answers to STOP, START and HELP (docs/reference/messaging.md §2): one confirmation per change, no
 * marketing, naming the merchant so the customer knows who is texting, and always saying how to opt out.
 */
export function keywordReplyText(keyword: Exclude<InboundKeyword, null>, merchant: Merchant): string {
  const name = merchant.merchantName;
  switch (keyword) {
    case 'opt_out':
      return `${name}: You are unsubscribed and will receive no further texts. Reply START to resubscribe.`;
    case 'opt_in':
      return `${name}: You are resubscribed and will receive texts again. Reply STOP to opt out.`;
    case 'help':
      return `${name}: ${contactOf(merchant)} Reply STOP to opt out.`;
  }
}

function contactOf(merchant: Merchant): string {
  const phone = merchant.merchantPhone ? formatPhone(merchant.merchantPhone) : '';
  const email = merchant.merchantEmail.trim();
  if (phone && email) return `For help call ${phone} or email ${email}.`;
  if (phone) return `For help call ${phone}.`;
  if (email) return `For help email ${email}.`;
  return 'For help reply to this number.';
}
