import type {
  SendCustomersMessageAnswer,
  sendCustomersMessageSchema,
} from '@paylane/shared/contracts/messages';
import { messages } from '@paylane/shared/messages';
import { renderBody, usedMergeFields, type MergeField } from '@paylane/shared/messaging';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { fieldError, forbidden } from '../../lib/http-errors';
import { mergeValuesOf, pickBody } from '../message-templates/merge-values';
import { requestDispatch } from './dispatch-request';
import {
  findBatchByIdempotencyKey,
  findSendableTemplate,
  insertBatch,
  insertBatchMessages,
  readRecipients,
  setBatchRecipientCount,
  type Recipient,
} from './mass-text.repository';

export type MassTextSender = {
  merchantId: string;
  userId: string | null;
  /** The sender's full name: {{collector_name}}. */
  collectorName: string;
  /** Whether they may send a body that is not a template's as written (capability freeText). */
  mayWriteFreeText: boolean;
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
];
const uuid = z.uuid();

type MassTextInput = z.output<typeof sendCustomersMessageSchema>;

/** A retried request found the batch its first attempt wrote (committed meanwhile). */
class RepeatedRequest extends Error {}

/**
 * Accepts a mass text (spec §7 send_customers_message): the batch and one pending text per recipient who may be
 * texted, in one transaction, bodies filled per recipient; then asks the dispatcher to start. With an
 * Idempotency-Key, a retry answers as the first request did and writes nothing.
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
      const recipients = await readRecipients(tx, {
        merchantId: sender.merchantId,
        ids: validIds,
        withAccount: used.some((field) => accountFields.includes(field)),
        withPaymentMethod: used.includes('payment_method'),
      });
      const sendable = recipients.filter((recipient) => recipient.sendable);
      if (sendable.length === 0) throw fieldError('customers', messages.noRecipients);
      const rows = sendable.map((recipient) => ({
        customerId: recipient.id,
        accountId: recipient.account_id,
        body: renderBody(input.message, mergeValuesOf(mergeSourceOf(recipient, sender.collectorName))),
      }));
      const queued = await insertBatchMessages(
        tx,
        { merchantId: sender.merchantId, batchId, templateId, senderUserId: sender.userId },
        rows,
      );
      await setBatchRecipientCount(tx, batchId, queued);
      return answerOf(batchId, queued, ids, recipients);
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
    const template = uuid.safeParse(templateId).success
      ? await findSendableTemplate(ctx.db, sender.merchantId, templateId)
      : null;
    if (!template) throw fieldError('message_template_id', messages.notFound);
    if (!template.active) throw fieldError('message_template_id', messages.templateInactive);
    templateBody = pickBody(template.messageBodies, 'TEXT')?.message_body ?? null;
  }
  const isTemplateAsWritten = templateBody !== null && templateBody.trim() === input.message.trim();
  if (!isTemplateAsWritten && !sender.mayWriteFreeText) throw forbidden(messages.freeTextNotAllowed);
  return templateId;
}

function answerOf(
  batchId: string,
  queued: number,
  ids: readonly string[],
  known: readonly Pick<Recipient, 'id'>[],
): SendCustomersMessageAnswer {
  const knownIds = new Set(known.map((recipient) => recipient.id));
  return {
    batch_id: batchId,
    queued,
    skipped: knownIds.size - queued,
    unknown_customers: ids.filter((id) => !knownIds.has(id)),
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
  const known = await readRecipients(ctx.db, {
    merchantId,
    ids: validIds,
    withAccount: false,
    withPaymentMethod: false,
  });
  return answerOf(batch.id, batch.recipientCount, ids, known);
}

function mergeSourceOf(recipient: Recipient, collectorName: string) {
  const hasPaymentMethod = recipient.pm_nickname !== null;
  return {
    firstName: recipient.first_name,
    lastName: recipient.last_name,
    dueDate: recipient.due_date,
    amountDueCents: recipient.amount_due_cents,
    cadence: recipient.cadence,
    accountNumber: recipient.account_number,
    vehicleYear: recipient.vehicle_year,
    vehicleMake: recipient.vehicle_make,
    vehicleModel: recipient.vehicle_model,
    locationName: recipient.location_name,
    paymentMethod: hasPaymentMethod
      ? {
          nickname: recipient.pm_nickname ?? '',
          maskedCardNumber: recipient.pm_card,
          maskedAccountNumber: recipient.pm_account,
        }
      : null,
    collectorName,
  };
}
