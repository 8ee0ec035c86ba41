import { Table } from '@mantine/core';
import type { AuditEntry } from '@paylane/shared/contracts/audit';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { formatFullName } from '../../../lib/format';
import { AuditChangeView } from './audit-change-view';
import { RowAction } from '../../../components/row-actions';

const COLUMNS = 5;

/** When, who and what; each row opens its before/after below it. */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Entity</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const isOpen = openIds.has(entry.id);
            const detailsId = `audit-entry-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <Table.Tr>
                  <Table.Td>{dayjs(entry.created).format('MM/DD/YYYY h:mm A')}</Table.Td>
                  <Table.Td>{entry.actor ? formatFullName(entry.actor) : 'System'}</Table.Td>
                  <Table.Td>{entry.action}</Table.Td>
                  <Table.Td>
                    {entry.entity_type}
                    {entry.entity_id ? ` ${entry.entity_id}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <RowAction
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? detailsId : undefined}
                      onClick={() => toggle(entry.id)}
                    >
                      {isOpen ? 'Hide changes' : 'Show changes'}
                    </RowAction>
                  </Table.Td>
                </Table.Tr>
                {isOpen ? (
                  <Table.Tr id={detailsId}>
                    <Table.Td colSpan={COLUMNS}>
                      <AuditChangeView before={entry.before} after={entry.after} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
