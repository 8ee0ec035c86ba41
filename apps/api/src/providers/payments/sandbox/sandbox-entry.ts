import valid from 'card-validator';
import { messages } from '@paylane/shared/messages';
import type { Db } from '../../../db/client';
import { sandboxProcessorMethods } from '../../../db/schema';
import type { ProcessorMethod } from '../payment-processor';
import { newSandboxId, toProcessorMethod } from './sandbox-processor';
import {
  bankOutcome,
  brandOfNumber,
  cardOutcome,
  sandboxBinInfo,
  sandboxTestRouting,
} from './sandbox-test-numbers';

// What the sandbox's hosted entry page does with what a payer types: check it and keep a token for it. The
// numbers stop here: the sandbox keeps the brand, funding, last four and the test outcome, never the number.

export type FieldErrors = Record<string, string[]>;

export type CardEntry = { card_number: string; exp_month: string; exp_year: string; cvc: string };
export type BankEntry = {
  routing_number: string;
  account_number: string;
  account_type: 'checking' | 'savings';
};

const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

/** The field errors of a card entry (docs/product.md §8: card_number is 15 or 16 digits of a known network). */
export function checkCardEntry(entry: CardEntry, now: Date): FieldErrors {
  const errors: FieldErrors = {};
  const number = digitsOf(entry.card_number);
  if (number.length < 15) errors.card_number = [messages.cardNumberMin];
  else if (number.length > 16) errors.card_number = [messages.cardNumberMax];
  else if (!/^\d+$/.test(number) || brandOfNumber(number) === 'unknown')
    errors.card_number = [messages.invalidCardType];
  else if (!valid.number(number).isValid) errors.card_number = ['Invalid card number'];
  if (!isExpiryValid(entry, now)) errors.exp_month = ['Invalid expiration date'];
  const cvcLength = brandOfNumber(number) === 'amex' ? 4 : 3;
  if (!valid.cvv(entry.cvc, cvcLength).isValid) errors.cvc = ['Invalid security code'];
  return errors;
}

/** A month from 1 to 12 and a year (2 or 4 digits) from this month up to 20 years ahead. */
function isExpiryValid(entry: CardEntry, now: Date): boolean {
  if (!/^\d{1,2}$/.test(entry.exp_month) || !/^(\d{2}|\d{4})$/.test(entry.exp_year)) return false;
  const month = Number(entry.exp_month);
  const year = Number(entry.exp_year.length === 2 ? `20${entry.exp_year}` : entry.exp_year);
  const expires = year * 12 + month;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return month >= 1 && month <= 12 && expires >= thisMonth && expires <= thisMonth + 240;
}

export function checkBankEntry(entry: BankEntry): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^\d{9}$/.test(entry.routing_number) || !isAbaChecksumValid(entry.routing_number))
    errors.routing_number = ['Invalid routing number'];
  if (!/^\d{4,17}$/.test(entry.account_number)) errors.account_number = ['Invalid account number'];
  return errors;
}

/** ABA routing numbers carry a weighted checksum (3, 7, 1) that makes the sum a multiple of 10. */
function isAbaChecksumValid(routing: string): boolean {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(routing[index]), 0);
  return sum % 10 === 0;
}

export class EntryRejected extends Error {
  readonly fieldErrors: FieldErrors;
  constructor(fieldErrors: FieldErrors) {
    super('entry rejected');
    this.fieldErrors = fieldErrors;
  }
}

export async function saveSandboxCard(
  db: Db,
  input: { processorAccountId: string; entry: CardEntry; now: Date },
): Promise<ProcessorMethod> {
  const errors = checkCardEntry(input.entry, input.now);
  if (Object.keys(errors).length > 0) throw new EntryRejected(errors);
  const number = digitsOf(input.entry.card_number);
  const bin = sandboxBinInfo(number);
  const year = Number(input.entry.exp_year);
  const [row] = await db
    .insert(sandboxProcessorMethods)
    .values({
      token: newSandboxId('sbx_pm'),
      processorAccountId: input.processorAccountId,
      kind: 'card',
      brand: bin.brand,
      funding: bin.funding,
      last4: number.slice(-4),
      expMonth: Number(input.entry.exp_month),
      expYear: year < 100 ? 2000 + year : year,
      outcome: cardOutcome(number),
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('sandbox card not saved');
  return toProcessorMethod(row);
}

export async function saveSandboxBankAccount(
  db: Db,
  input: { processorAccountId: string; entry: BankEntry; now: Date },
): Promise<ProcessorMethod> {
  const errors = checkBankEntry(input.entry);
  if (Object.keys(errors).length > 0) throw new EntryRejected(errors);
  const { routing_number: routingNumber, account_number: accountNumber } = input.entry;
  const [row] = await db
    .insert(sandboxProcessorMethods)
    .values({
      token: newSandboxId('sbx_ba'),
      processorAccountId: input.processorAccountId,
      kind: 'bank',
      last4: accountNumber.slice(-4),
      accountType: input.entry.account_type,
      routingNumber,
      // Only the documented test routing number picks a test outcome; a real-looking account settles.
      outcome: routingNumber === sandboxTestRouting ? bankOutcome(accountNumber) : { status: 'settles' },
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('sandbox bank account not saved');
  return toProcessorMethod(row);
}
