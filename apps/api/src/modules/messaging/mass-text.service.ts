import type {
  SendCustomersMessageAnswer,
  sendCustomersMessageSchema,
} from '@paylane/shared/contracts/messages';
import { messages } from '@paylane/shared/messages';
import { usedMergeFields, type MergeField } from '@paylane/shared/messaging';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fieldError, forbidden } from '../../kit/errors';
import { pickBody } from '../message-templates/merge-field-values.service';
import { payLinkUrlPrefix } from '../pay-links/pay-link-tokens.service';
import { getSendableTemplate } from '../message-templates/message-templates.service';
import { requestDispatch } from './dispatch-request.service';
import { assertMerchantCanText, type MerchantSenderFields } from './merchant-sender.service';
import {
  hasOptedOutCustomer,
  findBatchByIdempotencyKey,
  findUnknownCustomerIds,
  insertBatch,
  insertBatchMessages,
  setBatchRecipientCount,
} from './mass-text.repository';
import { renderedBodySql } from './merge-fields.sql';

export type MassTextSender = {
  merchantId: string;
  userId: string | null;
  /** The sender's full name: {{collector_name}}. */
  collectorName: string;
  /** Whether they may send a body that is not a template's as written (capability freeText). */
  mayWriteFreeText: boolean;
  /** The merchant's sender columns: without a sender of its own it cannot text. */
  senderFields: MerchantSenderFields;
};

const accountFields: readonly MergeField[] = [
  'due_date',
  'amount_due',
  'cadence',
  'account_number',
  'vehicle_year',
  'vehicle_make',
  'vehicle_model',
  'location',
  // The link is to the account the other account fields name.
  'payment_link',
];
const uuid = z.uuid();

type MassTextInput = z.output<typeof sendCustomersMessageSchema>;

/** A retried request found the batch its first attempt wrote (committed meanwhile). */
class RepeatedRequest extends Error {}

/**
 * Accepts a mass text (docs/product.md §7 send_customers_message): the batch and one pending text per recipient who may be
 * texted, in one transaction, bodies filled per recipient; then asks the dispatcher to start. A body with
 * {{payment_link}} gives each text its own pay link, written by the same statement (mass-text.repository.ts).
 * With an Idempotency-Key, a retry answers as the first request did and writes nothing: the batch row's key
 * is taken first, so a repeat (even a racing one) writes neither texts nor links.
 */
export async function sendCustomersMessage(
  ctx: AppContext,
  sender: MassTextSender,
  input: MassTextInput,
  idempotencyKey: string | null,
): Promise<SendCustomersMessageAnswer> {
  const ids = [...new Set(input.customers)];
  if (idempotencyKey) {
    const existing = await findBatchByIdempotencyKey(ctx.db, sender.merchantId, idempotencyKey);
    if (existing) return replayAnswer(ctx, sender.merchantId, existing, ids);
  }
  assertMerchantCanText(ctx.config.sms, sender.senderFields);
  const templateId = await checkTemplateAndBody(ctx, sender, input);
  const validIds = ids.filter((id) => uuid.safeParse(id).success);
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      const batchId = await insertBatch(tx, {
        merchantId: sender.merchantId,
        name: input.batch_name,
        templateId,
        body: input.message,
        isCsvImported: input.is_csv_imported,
        createdByUserId: sender.userId,
        idempotencyKey,
      });
      if (!batchId) throw new RepeatedRequest();
      const used = usedMergeFields(input.message);
      const queued = await insertBatchMessages(tx, {
        merchantId: sender.merchantId,
        batchId,
        templateId,
        senderUserId: sender.userId,
        customerIds: validIds,
        body: renderedBodySql(input.message, {
          collectorName: sender.collectorName,
          payLinkUrlPrefix: payLinkUrlPrefix(ctx),
        }),
        withAccount: used.some((field) => accountFields.includes(field)),
        withPaymentMethod: used.includes('payment_method'),
        payLinks: used.includes('payment_link') ? { now: ctx.now() } : null,
      });
      if (queued === 0) throw await nobodyToText(tx, sender.merchantId, validIds);
      await setBatchRecipientCount(tx, batchId, queued);
      return answerOf(batchId, queued, ids, await findUnknownCustomerIds(tx, sender.merchantId, validIds));
    });
    await requestDispatch(ctx);
    return answer;
  } catch (error) {
    if (!(error instanceof RepeatedRequest) || !idempotencyKey) throw error;
    const existing = await findBatchByIdempotencyKey(ctx.db, sender.merchantId, idempotencyKey);
    if (!existing) throw error;
    return replayAnswer(ctx, sender.merchantId, existing, ids);
  }
}

/** The template's id, after checking it may be used and that a body of one's own is allowed. */
async function checkTemplateAndBody(
  ctx: AppContext,
  sender: MassTextSender,
  input: MassTextInput,
): Promise<string | null> {
  const templateId = input.message_template_id ?? null;
  let templateBody: string | null = null;
  if (templateId !== null) {
    const template = await getSendableTemplate(ctx.db, sender.merchantId, templateId);
    templateBody = pickBody(template.messageBodies, 'TEXT')?.message_body ?? null;
  }
  const isTemplateAsWritten = templateBody !== null && templateBody.trim() === input.message.trim();
  if (!isTemplateAsWritten && !sender.mayWriteFreeText) throw forbidden(messages.freeTextNotAllowed);
  return templateId;
}

// Unknown: not the merchant's customer (or not an id at all); skipped: the merchant's, but not texted.
function answerOf(
  batchId: string,
  queued: number,
  ids: readonly string[],
  unknownValid: ReadonlySet<string>,
): SendCustomersMessageAnswer {
  const unknown = ids.filter((id) => unknownValid.has(id) || !uuid.safeParse(id).success);
  return {
    batch_id: batchId,
    queued,
    skipped: ids.length - unknown.length - queued,
    unknown_customers: unknown,
  };
}

// The first answer again: the batch's count as written, unknown and skipped from the same ids.
async function replayAnswer(
  ctx: AppContext,
  merchantId: string,
  batch: { id: string; recipientCount: number },
  ids: readonly string[],
): Promise<SendCustomersMessageAnswer> {
  const validIds = ids.filter((id) => uuid.safeParse(id).success);
  return answerOf(
    batch.id,
    batch.recipientCount,
    ids,
    await findUnknownCustomerIds(ctx.db, merchantId, validIds),
  );
}

/** The answer when nobody can be texted: the spec's opt-out message when an opt-out is why (docs/product.md §8). */
async function nobodyToText(tx: Db, merchantId: string, ids: readonly string[]) {
  const isOptOut = await hasOptedOutCustomer(tx, merchantId, ids);
  return fieldError('customers', isOptOut ? messages.optedOut : messages.noRecipients);
}
