import type { AppContext } from '../../context';
import { listOutboxEmails } from './outbox.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

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
  query: { to?: string | undefined; page: number; page_size: number },
): Promise<PageSlice<OutboxEmail>> {
  const { rows, total } = await listOutboxEmails(ctx.db, {
    to: query.to,
    ...rowsOfPage(query),
  });
  return {
    count: total,
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
