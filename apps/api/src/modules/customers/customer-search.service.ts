import type { CustomerSearchField } from '@paylane/shared/contracts/customers';
import { escapeLike } from '../../kit/like';

/**
 * What a search box text means, as LIKE patterns already lower-cased and escaped. Each present key is one
 * way a customer may match; a customer matching any of them is a hit. An empty plan matches nobody.
 */
export type CustomerSearchPlan = {
  /** E.164 prefix, e.g. '+1214555%' (customers_merchant_phone_key, text_pattern_ops). */
  phone?: string;
  /** Prefix of the customer's or one of their accounts' external ids, lower-cased ('dm-10%'). */
  externalId?: string;
  /** Prefix of the email, lower-cased. */
  email?: string;
  /** Substring of 'first last', lower-cased ('%maria gar%', the trigram index). */
  name?: string;
};

const PHONE_SHAPE = /^[\d\s().+-]+$/;
const MIN_PHONE_DIGITS = 3;

/** Search text is matched literally: % and _ typed by a user are not wildcards. */

const prefix = (text: string) => `${escapeLike(text.toLowerCase())}%`;

/**
 * The E.164 prefix of what a person typed: '(214) 555' and '214555' → '+1214555%'; a leading 1 is the
 * country code ('1214555' → '+1214555%'), since no US or Canadian area code starts with 1.
 */
export function phonePrefix(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 0) return null;
  return digits.startsWith('1') ? `+${digits}%` : `+1${digits}%`;
}

function namePattern(text: string): string {
  // Stored as first || ' ' || last, so runs of spaces typed between the names count as one.
  return `%${escapeLike(text.toLowerCase().replace(/\s+/g, ' '))}%`;
}

const isPhoneShaped = (text: string) =>
  PHONE_SHAPE.test(text) && text.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;

/**
 * Reads a search: with `field` only that field; otherwise by its shape — '@' is an email, digits and phone
 * punctuation are a phone number or an external id, anything else a name or an external id. Null: no search.
 */
export function planCustomerSearch(
  search: string | undefined,
  field?: CustomerSearchField,
): CustomerSearchPlan | null {
  const text = search?.trim() ?? '';
  if (!text) return null;
  switch (field) {
    case 'name':
      return { name: namePattern(text) };
    case 'external_id':
      return { externalId: prefix(text) };
    case 'email':
      return { email: prefix(text) };
    case 'phone': {
      const phone = phonePrefix(text);
      return phone ? { phone } : {};
    }
    default:
      break;
  }
  if (text.includes('@')) return { email: prefix(text) };
  if (isPhoneShaped(text)) {
    const phone = phonePrefix(text);
    return { ...(phone ? { phone } : {}), externalId: prefix(text) };
  }
  return { name: namePattern(text), externalId: prefix(text) };
}

/**
 * The SQL condition a plan becomes, for repositories of other modules that list customers the same way
 * (customer lookups): one definition of what a customer search matches.
 */
export { customerSearchCondition } from './customer-search.repository';
