/**
 * Puts a snippet where the cursor is (replacing a selection) and returns the new text and the cursor after
 * the snippet. Without a known cursor it goes at the end.
 */
export function insertAtCursor(
  text: string,
  snippet: string,
  selection: { start: number; end: number } | null,
): { text: string; cursor: number } {
  const start = selection ? Math.min(selection.start, text.length) : text.length;
  const end = selection ? Math.min(Math.max(selection.end, start), text.length) : start;
  return { text: `${text.slice(0, start)}${snippet}${text.slice(end)}`, cursor: start + snippet.length };
}
