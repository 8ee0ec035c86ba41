/**
 * The page to open after login (docs/product.md §2): the `next` query value when it is a same-origin path, else home.
 * Absolute URLs, protocol-relative '//host' and backslash tricks are refused so a link cannot send a
 * freshly signed-in user to another site.
 */
export function safeNextPath(
  next: string | null | undefined,
  origin: string = window.location.origin,
): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin) return '/';
    if (url.pathname === '/login') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The login address that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
