import type { BatchCounts, BatchMessage, MessageBatch } from '@paylane/shared/contracts/messages';
import type { MessageStatus } from '@paylane/shared/messaging';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import {
  cancelPendingMessages,
  countBatchStatuses,
  findBatch,
  listBatchMessages,
  listBatches,
  statusGroups,
  type BatchRow,
  type StatusGroup,
} from './message-batches.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

const uuid = z.uuid();
type PageRequest = { page: number; page_size: number };

/** docs/product.md §2 /message-report: the merchant's mass texts, newest first, with their progress. */
export async function listMessageBatches(
  ctx: AppContext,
  merchantId: string,
  query: PageRequest & { search?: string | undefined },
): Promise<PageSlice<MessageBatch>> {
  const { rows, total } = await listBatches(ctx.db, {
    merchantId,
    search: query.search,
    ...rowsOfPage(query),
  });
  const counts = await countsByBatch(
    ctx,
    merchantId,
    rows.map((row) => row.id),
  );
  return {
    count: total,
    results: rows.map((row) => toBatch(row, counts.get(row.id))),
  };
}

export async function getMessageBatch(ctx: AppContext, merchantId: string, batchId: string) {
  const row = uuid.safeParse(batchId).success ? await findBatch(ctx.db, merchantId, batchId) : null;
  if (!row) throw notFound();
  const counts = await countsByBatch(ctx, merchantId, [row.id]);
  return toBatch(row, counts.get(row.id));
}

/** docs/product.md §2 /message-report/{id}/details: each recipient's text and where it has got to. */
export async function listMessagesOfBatch(
  ctx: AppContext,
  merchantId: string,
  batchId: string,
  query: PageRequest & { status?: StatusGroup | undefined },
): Promise<PageSlice<BatchMessage>> {
  await getBatchOrThrow(ctx, merchantId, batchId);
  const { rows, total } = await listBatchMessages(ctx.db, {
    merchantId,
    batchId,
    status: query.status,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map((row) => ({
      id: row.id,
      customer_id: row.customer_id,
      first_name: row.first_name,
      last_name: row.last_name,
      external_id: row.external_id,
      to: row.to_address,
      body: row.body,
      status: row.status as MessageStatus,
      error_code: row.error_code,
      error_message: row.error_message,
      send_after: new Date(row.send_after).toISOString(),
      sent: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
      updated: new Date(row.status_changed_at).toISOString(),
    })),
  };
}

/** cancel_pending: what has not left is canceled; what has is untouched. Answers the batch. */
export async function cancelPendingOfBatch(ctx: AppContext, merchantId: string, batchId: string) {
  await getBatchOrThrow(ctx, merchantId, batchId);
  if (!(await cancelPendingMessages(ctx.db, { merchantId, batchId, at: ctx.now() }))) throw notFound();
  return getMessageBatch(ctx, merchantId, batchId);
}

async function getBatchOrThrow(ctx: AppContext, merchantId: string, batchId: string) {
  const row = uuid.safeParse(batchId).success ? await findBatch(ctx.db, merchantId, batchId) : null;
  if (!row) throw notFound();
  return row;
}

async function countsByBatch(ctx: AppContext, merchantId: string, batchIds: string[]) {
  const groupOf = new Map<string, StatusGroup>();
  for (const [group, statuses] of Object.entries(statusGroups)) {
    for (const status of statuses) groupOf.set(status, group as StatusGroup);
  }
  const byBatch = new Map<string, BatchCounts>();
  for (const row of await countBatchStatuses(ctx.db, merchantId, batchIds)) {
    const counts = byBatch.get(row.batch_id) ?? emptyCounts();
    const group = groupOf.get(row.status);
    if (group) counts[group] += row.total;
    byBatch.set(row.batch_id, counts);
  }
  return byBatch;
}

const emptyCounts = (): BatchCounts => ({
  pending: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  canceled: 0,
});

function toBatch(row: BatchRow, counts: BatchCounts | undefined): MessageBatch {
  const creator =
    row.creatorFirstName === null ? null : `${row.creatorFirstName} ${row.creatorLastName ?? ''}`.trim();
  return {
    id: row.id,
    batch_name: row.name,
    message: row.body,
    message_template_id: row.templateId,
    template_name: row.templateName,
    is_csv_imported: row.isCsvImported,
    recipient_count: row.recipientCount,
    created: row.createdAt.toISOString(),
    created_by: creator,
    canceled: row.canceledAt?.toISOString() ?? null,
    counts: counts ?? emptyCounts(),
  };
}
