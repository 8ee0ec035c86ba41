import { messages } from '@paylane/shared/messages';
import { renderBody, usedMergeFields, type MergeValues } from '@paylane/shared/messaging';
import type { AppContext } from '../../context';
import { addDays, type LocalDate } from '../../jobs/zoned-time';
import { mergeValuesOf, pickBody } from '../message-templates/merge-field-values.service';
import type { TemplateRow } from '../message-templates/message-templates.service';
import { seedSystemTemplates } from '../message-templates/system-templates.service';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { isLinkableAccount, newPayLinkToken } from '../pay-links/pay-link-tokens.service';
import {
  insertAutomationMessages,
  listActiveScheduledTemplates,
  listAutomationCandidates,
  type AutomationCandidate,
  type AutomationMessage,
} from './automations.repository';

// Accounts read and written a page at a time: bounded memory, and each page's messages commit together.
const PAGE_SIZE = 2000;

/** Messages written (skips included), and how many of the rows offered were skips. */
export type AutomationRunResult = { written: number; skipped: number };

/**
 * Why an account's text is not sent (docs/product.md §8 server messages), or null when it may be: an inactive account,
 * a closed or pending one, or a customer who opted out of texts.
 */
export function automationSkipReason(candidate: AutomationCandidate): string | null {
  if (candidate.accountStatus === 'inactive') return messages.accountInactive;
  if (candidate.accountStatus !== 'active') return messages.accountNoContact;
  if (candidate.isSmsOptedOut) return messages.optedOut;
  return null;
}

/** A new pay link's URL and digest (newPayLinkToken), for a message whose body uses {{payment_link}}. */
export type NewPayLink = () => { url: string; tokenHash: string };

/**
 * The messages one template writes for one account due on its date: a text to a customer with a phone
 * (recorded as failed with the reason when it may not go, so the auto-messages page shows it and the key
 * stops repeats), and an email when the template has an email body and the customer an email they did not
 * opt out of, on an active account. Bodies are filled with the values a preview shows, without a collector.
 * A body with {{payment_link}} gets its own link (each message, text and email alike) when it goes out and
 * the account has money due; otherwise the field is empty and no link is made.
 */
export function automationMessagesFor(
  template: TemplateRow,
  candidate: AutomationCandidate,
  newPayLink: NewPayLink,
): AutomationMessage[] {
  const values = mergeValuesOf({
    ...candidate,
    paymentMethod: candidate.hasPaymentMethod
      ? {
          nickname: candidate.paymentNickname ?? '',
          maskedCardNumber: candidate.maskedCardNumber,
          maskedAccountNumber: candidate.maskedAccountNumber,
        }
      : null,
  });
  const isLinkable = isLinkableAccount({
    status: candidate.accountStatus,
    amountDueCents: candidate.amountDueCents,
    mergedIntoId: null,
  });
  const filled = (body: string, isSent: boolean) => {
    const usesLink = usedMergeFields(body).includes('payment_link');
    const link = usesLink && isSent && isLinkable ? newPayLink() : null;
    const withLink: MergeValues = { ...values, payment_link: link?.url ?? '' };
    return { body: renderBody(body, withLink), payLinkTokenHash: link?.tokenHash ?? null };
  };
  const common = { customerId: candidate.customerId, accountId: candidate.accountId };
  const rows: AutomationMessage[] = [];
  const text = pickBody(template.messageBodies, 'TEXT', candidate.language);
  if (text && candidate.smsPhoneNumber) {
    const reason = automationSkipReason(candidate);
    rows.push({
      ...common,
      channel: 'sms',
      ...filled(text.message_body, reason === null),
      subject: null,
      language: text.language,
      toAddress: candidate.smsPhoneNumber,
      status: reason === null ? 'pending' : 'failed',
      errorMessage: reason,
    });
  }
  const email = pickBody(template.messageBodies, 'EMAIL', candidate.language);
  const mayEmail = candidate.accountStatus === 'active' && !candidate.isEmailOptedOut;
  if (email && candidate.email && mayEmail) {
    rows.push({
      ...common,
      channel: 'email',
      ...filled(email.message_body, true),
      subject: template.name,
      language: email.language,
      toAddress: candidate.email,
      status: 'pending',
      errorMessage: null,
    });
  }
  return rows;
}

/** Writes one template's messages for the accounts due `deltaDays` after `localDate`, a page at a time. */
async function runTemplate(
  ctx: AppContext,
  input: { merchantId: string; template: TemplateRow; dueDate: LocalDate },
): Promise<AutomationRunResult> {
  const { db } = ctx;
  const newPayLink = () => newPayLinkToken(ctx);
  const result: AutomationRunResult = { written: 0, skipped: 0 };
  let afterAccountId: string | null = null;
  for (;;) {
    const page = await listAutomationCandidates(db, {
      merchantId: input.merchantId,
      templateId: input.template.id,
      dueDate: input.dueDate,
      afterAccountId,
      limit: PAGE_SIZE,
    });
    if (page.length === 0) return result;
    const rows = page.flatMap((candidate) => automationMessagesFor(input.template, candidate, newPayLink));
    // One statement a page: an account's text and email, and their links, are written together or not at all.
    result.written += await insertAutomationMessages(
      db,
      { merchantId: input.merchantId, templateId: input.template.id, dueDate: input.dueDate, now: ctx.now() },
      rows,
    );
    result.skipped += rows.filter((row) => row.status === 'failed').length;
    afterAccountId = page[page.length - 1]!.accountId;
    if (page.length < PAGE_SIZE) return result;
  }
}

/**
 * The daily automation run of one merchant (issue 5 item 8) for its local date: each active SCHEDULED
 * template sends to the accounts due `delta_days` from today (before: positive, on: 0, after: negative),
 * exactly once per (account, due date, template, channel). Safe to run again: what was written is not
 * read again, and the unique key makes a racing repeat a no-op. Asks the dispatcher to run when it wrote
 * anything to send; the dispatcher keeps to the quiet hours.
 */
export async function runAutomations(
  ctx: AppContext,
  input: { merchantId: string; localDate: LocalDate },
): Promise<AutomationRunResult> {
  // Merchants from before templates existed get their system templates with their first run.
  await seedSystemTemplates(ctx.db, input.merchantId);
  const total: AutomationRunResult = { written: 0, skipped: 0 };
  for (const template of await listActiveScheduledTemplates(ctx.db, input.merchantId)) {
    const dueDate = addDays(input.localDate, template.deltaDays ?? 0);
    const result = await runTemplate(ctx, { merchantId: input.merchantId, template, dueDate });
    total.written += result.written;
    total.skipped += result.skipped;
  }
  if (total.written > total.skipped) await requestDispatch(ctx);
  return total;
}
