import { Group, Table, UnstyledButton } from '@mantine/core';
import { flexRender, type Header } from '@tanstack/react-table';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
const arrows = { asc: '↑', desc: '↓' } as const;

/** A column header; a sortable one is a button, and the cell says how the table is sorted (aria-sort). */
export function DataTableHeader<T>({ header }: { header: Header<T, unknown> }) {
  const { column } = header;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  if (!column.getCanSort()) return <Table.Th>{content}</Table.Th>;
  const sorted = column.getIsSorted();
  return (
    <Table.Th aria-sort={sorted ? ariaSort[sorted] : 'none'}>
      <UnstyledButton onClick={column.getToggleSortingHandler()} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {content}
          <span aria-hidden="true">{sorted ? arrows[sorted] : '↕'}</span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
