import { HOME_SUMMARY_DAYS, type HomeSummary } from '@paylane/shared/contracts/home';
import { displayStatus } from '@paylane/shared/messaging';
import type { AppContext } from '../../context';
import { addDays, localDateAt } from '../../jobs/zoned-time';
import { getMessageBatch } from '../messaging/message-batches.service';
import {
  countAccounts,
  countConversations,
  countLiveCustomers,
  countTextsSince,
  findLatestBatchId,
  type TextCountRow,
} from './home-summary.repository';

const DAY_MS = 86_400_000;

/**
 * Home's overview (docs/product.md §2 Home): the merchant's customers and accounts, the conversations waiting for
 * staff, and what its texts did in the last HOME_SUMMARY_DAYS days, with the newest mass text. Account due
 * dates are read on the merchant's calendar.
 */
export async function getHomeSummary(
  ctx: AppContext,
  merchant: { id: string; timeZone: string },
): Promise<HomeSummary> {
  const now = ctx.now();
  const since = new Date(now.getTime() - HOME_SUMMARY_DAYS * DAY_MS);
  const today = localDateAt(merchant.timeZone, now);
  const [customers, accounts, conversations, texts, latestBatchId] = await Promise.all([
    countLiveCustomers(ctx.db, merchant.id),
    countAccounts(ctx.db, { merchantId: merchant.id, today, weekEnd: addDays(today, 6) }),
    countConversations(ctx.db, merchant.id),
    countTextsSince(ctx.db, { merchantId: merchant.id, since }),
    findLatestBatchId(ctx.db, merchant.id),
  ]);
  return {
    since: since.toISOString(),
    customers,
    accounts,
    conversations: {
      total: conversations.total,
      waiting_for_reply: conversations.waitingForReply,
      unread_messages: conversations.unreadMessages,
    },
    ...textFigures(texts),
    latest_batch: latestBatchId ? await getMessageBatch(ctx, merchant.id, latestBatchId) : null,
  };
}

const displayKey = {
  Delivered: 'delivered',
  Sent: 'sent',
  Queued: 'queued',
  Sending: 'queued',
  'Failed to send': 'failed',
} as const;

/** Texts by what the chat shows of them; what never left (canceled, automation skips) is not a text sent. */
function textFigures(rows: TextCountRow[]): Pick<HomeSummary, 'texts' | 'auto_messages'> {
  const texts = { received: 0, delivered: 0, sent: 0, queued: 0, failed: 0 };
  const autoMessages = { sent: 0, skipped: 0 };
  for (const row of rows) {
    if (row.direction === 'inbound') {
      texts.received += row.total;
      continue;
    }
    const isSkip = row.kind === 'automation' && row.status === 'failed' && row.never_left;
    if (row.kind === 'automation') {
      if (isSkip) autoMessages.skipped += row.total;
      else autoMessages.sent += row.total;
    }
    if (isSkip || row.status === 'canceled') continue;
    texts[displayKey[displayStatus(row.status, row.has_error ? 'error' : null)]] += row.total;
  }
  return { texts, auto_messages: autoMessages };
}
