import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * docs/product.md §2 shared behaviour: a row (and a link cell) leads to the current path plus the row id, so the same
 * table works under any route: /merchants/1/customers → /merchants/1/customers/{id}.
 */
export function useRowPath(): (rowId: string) => string {
  const { pathname } = useLocation();
  const base = pathname.replace(/\/+$/, '');
  return (rowId) => `${base}/${encodeURIComponent(rowId)}`;
}

/** A link cell: the row's page as a real link, so keyboards and new tabs reach it too. */
export function RowLink({ rowId, children }: { rowId: string; children: ReactNode }) {
  const rowPath = useRowPath();
  return (
    <Anchor component={Link} to={rowPath(rowId)} size="sm">
      {children}
    </Anchor>
  );
}
