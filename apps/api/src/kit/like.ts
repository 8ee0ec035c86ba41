/** Text for a LIKE/ILIKE pattern matched literally: `%`, `_` and `\` lose their wildcard meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
