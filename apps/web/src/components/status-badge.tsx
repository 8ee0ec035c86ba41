import { Badge } from '@mantine/core';

// docs/product.md §4 table status colours: active success, pending warning, closed or inactive muted. Pale fills with
// dark text (autoContrast) keep the small badge text readable (WCAG AA), the colour carries the meaning.

export type StatusTone = 'success' | 'warning' | 'muted';

export function statusTone(status: string): StatusTone {
  const key = status.toLowerCase();
  if (key === 'active') return 'success';
  if (key === 'pending') return 'warning';
  return 'muted';
}

const toneColor: Record<StatusTone, string> = { success: 'green.3', warning: 'yellow.3', muted: 'gray.3' };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();

/** A status in a table cell: 'active' → a green 'Active'. `label` and `tone` override the defaults. */
export function StatusBadge({
  status,
  label,
  tone = statusTone(status),
}: {
  status: string;
  label?: string;
  tone?: StatusTone;
}) {
  return (
    <Badge color={toneColor[tone]} autoContrast variant="filled" data-tone={tone}>
      {label ?? capitalise(status)}
    </Badge>
  );
}
