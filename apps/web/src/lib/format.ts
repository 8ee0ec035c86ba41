/** 'First Last', or the email when the user has no name yet. */
export function formatFullName(person: { first_name: string; last_name: string; email?: string }): string {
  const name = `${person.first_name} ${person.last_name}`.trim();
  return name || person.email || '';
}

/** Up to two initials for an avatar. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
