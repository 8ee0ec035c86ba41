import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Grey shapes where a page's content will be while it loads (issue 20 item 8: skeletons, not spinners). The
 * shapes are hidden from screen readers; a status named by `label` says 'Loading' instead, as the data table's
 * skeleton rows do.
 */
export function SkeletonStatus({ label = 'Loading', children }: { label?: string; children: ReactNode }) {
  return (
    <Stack gap="md" role="status" aria-label={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="md" aria-hidden>
        {children}
      </Stack>
    </Stack>
  );
}

/** A form loading its values: `fields` rows of a label bar over an input bar, then the submit button's bar. */
export function FormSkeleton({ fields = 4, label, withSubmit = true }: FormSkeletonProps) {
  return (
    <SkeletonStatus label={label}>
      <FieldBars fields={fields} withSubmit={withSubmit} />
    </SkeletonStatus>
  );
}

/** The bars of FormSkeleton without its status, for a skeleton with more in it (the pay page's summary). */
export function FieldBars({ fields, withSubmit = true }: { fields: number; withSubmit?: boolean }) {
  return (
    <>
      {Array.from({ length: fields }, (_, field) => (
        <Stack key={field} gap={6}>
          <Skeleton h={12} w={field % 2 === 0 ? '30%' : '22%'} />
          <Skeleton h={36} />
        </Stack>
      ))}
      {withSubmit ? <Skeleton h={36} w={120} /> : null}
    </>
  );
}

type FormSkeletonProps = { fields?: number; label?: string; withSubmit?: boolean };

const LINE_WIDTHS = ['55%', '80%', '40%', '70%', '60%'];

/** Text or a list loading: `lines` bars of varying width (a record's details, a table's rows). */
export function LinesSkeleton({ lines = 5, label }: { lines?: number; label?: string }) {
  return (
    <SkeletonStatus label={label}>
      {Array.from({ length: lines }, (_, line) => (
        <Skeleton key={line} h={14} w={LINE_WIDTHS[line % LINE_WIDTHS.length]} />
      ))}
    </SkeletonStatus>
  );
}
