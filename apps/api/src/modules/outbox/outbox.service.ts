import type { Page } from '@paylane/shared/contracts/paging';
import type { AppContext } from '../../context';
import { pageLinks } from '../../lib/paging';
import { listOutboxEmails } from './outbox.repository';

export type OutboxEmail = {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text: string;
  created_at: string;
};

/** A page of the offline outbox, newest first, optionally for one recipient. */
export async function listOutbox(
  ctx: AppContext,
  query: { to?: string | undefined; page: number; page_size: number; url: string },
): Promise<Page<OutboxEmail>> {
  const { rows, total } = await listOutboxEmails(ctx.db, {
    to: query.to,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    count: total,
    ...pageLinks(query.url, query.page, query.page_size, total),
    results: rows.map((row) => ({
      id: row.id,
      to_address: row.toAddress,
      from_address: row.fromAddress,
      subject: row.subject,
      text: row.text,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
