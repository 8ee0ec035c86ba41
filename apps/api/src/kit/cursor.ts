import { messages } from '@paylane/shared/messages';
import { z } from 'zod';
import { invalid } from './errors';

/** Which way a keyset cursor reads: 'n' past its position (the next page), 'p' back towards the start. */
export type CursorDirection = 'n' | 'p';

// Opaque to clients: base64url of the direction and the position, so its shape can change freely.
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Reads a cursor a list handed out; anything else is the field error 'cursor' (docs/product.md §4). */
export function decodeCursor<P extends z.ZodRawShape>(
  position: z.ZodObject<P>,
  text: string,
): z.infer<z.ZodObject<P>> & { d: CursorDirection } {
  const schema = position.extend({ d: z.enum(['n', 'p']) });
  try {
    return schema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))) as z.infer<
      z.ZodObject<P>
    > & { d: CursorDirection };
  } catch {
    throw invalid({ cursor: [messages.invalidCursor] });
  }
}

/**
 * A keyset page read with one row more than its size, newest first: the rows to show and the cursors to the
 * pages either side (`next` past the last row, `previous` back before the first), null where none is.
 */
export function keysetPage<Row, Position extends object>(
  rows: readonly Row[],
  input: { direction: CursorDirection | null; pageSize: number; positionOf: (row: Row) => Position },
): { next: string | null; previous: string | null; page: Row[] } {
  const { direction, pageSize, positionOf } = input;
  const isBackwards = direction === 'p';
  const hasMore = rows.length > pageSize;
  const page = isBackwards ? rows.slice(hasMore ? 1 : 0) : rows.slice(0, pageSize);
  const cursorAt = (d: CursorDirection, row: Row | undefined) =>
    row ? encode({ d, ...positionOf(row) }) : null;
  const hasNext = isBackwards ? true : hasMore;
  const hasPrevious = isBackwards ? hasMore : direction !== null;
  return {
    next: hasNext ? cursorAt('n', page[page.length - 1]) : null,
    previous: hasPrevious ? cursorAt('p', page[0]) : null,
    page,
  };
}

/** The position of a keyset cursor over message sequence numbers (the chat and the inbox read by it). */
export const seqPosition = z.object({ s: z.number().int().nonnegative() });
