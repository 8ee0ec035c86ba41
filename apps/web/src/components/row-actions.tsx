import { Button, Group, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/**
 * The actions of one table row (issue 20 item 8: one row-action style): compact subtle buttons side by side,
 * never wrapping, so the row stays one line (the data table's rows are one ~36 px line).
 */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}

type RowActionProps = Omit<ButtonProps, 'size' | 'variant' | 'color'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** Removes, deletes, revokes or disables: in red. */
    danger?: boolean;
  };

/** One row action: Edit, Delete, Resolve … Name the record in `aria-label` ('Delete Late notice'). */
export function RowAction({ danger = false, ...props }: RowActionProps) {
  return <Button size="compact-sm" variant="subtle" color={danger ? 'red' : undefined} {...props} />;
}
