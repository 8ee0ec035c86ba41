import { messages } from '@paylane/shared/messages';
import { z } from 'zod';
import { badRequest } from '../../lib/http-errors';

/** A keyset cursor on a seq: 'n' reads past it (the next page), 'p' back towards the start (the previous). */
const cursorSchema = z.object({ d: z.enum(['n', 'p']), s: z.number().int().nonnegative() });
export type SeqCursor = z.infer<typeof cursorSchema>;

// Opaque to clients: base64url of the direction and the position, so its shape can change freely.
export const encodeSeqCursor = (cursor: SeqCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeSeqCursor(text: string): SeqCursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw badRequest({ cursor: [messages.invalidCursor] });
  }
}

/** The page's address with another cursor, keeping the request's other query values. */
export function seqCursorLink(url: string, pageSize: number, cursor: SeqCursor): string {
  const parsed = new URL(url, 'http://placeholder');
  parsed.searchParams.set('cursor', encodeSeqCursor(cursor));
  parsed.searchParams.set('page_size', String(pageSize));
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/**
 * next/previous of a keyset page read with one row more than its size (newest first, seq descending):
 * `next` goes past the last row, `previous` back before the first.
 */
export function seqPageOf<T>(
  rows: readonly T[],
  seqOf: (row: T) => number,
  input: { cursor: SeqCursor | null; pageSize: number; url: string },
): { next: string | null; previous: string | null; page: T[] } {
  const { cursor, pageSize } = input;
  const isBackwards = cursor?.d === 'p';
  const hasMore = rows.length > pageSize;
  const page = isBackwards ? rows.slice(hasMore ? 1 : 0) : rows.slice(0, pageSize);
  const first = page[0];
  const last = page[page.length - 1];
  const link = (d: 'n' | 'p', row: T | undefined) =>
    row ? seqCursorLink(input.url, pageSize, { d, s: seqOf(row) }) : null;
  const hasNext = isBackwards ? true : hasMore;
  const hasPrevious = isBackwards ? hasMore : cursor !== null;
  return {
    next: hasNext ? link('n', last) : null,
    previous: hasPrevious ? link('p', first) : null,
    page,
  };
}
