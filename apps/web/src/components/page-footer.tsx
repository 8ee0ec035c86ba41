import { Group, Pagination, Select, Text } from '@mantine/core';

const controlLabels = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

type Props = {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** Paging under a table; docs/product.md §9: shown only when there is more than one page. */
export function PageFooter({ count, page, pageSize, pageSizes, onPageChange, onPageSizeChange }: Props) {
  const pages = Math.ceil(count / pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" aria-label="Paging" role="navigation">
      <Text size="sm" c="dimmed">
        {count} results
      </Text>
      <Group gap="md">
        <Select
          aria-label="Rows per page"
          w={96}
          allowDeselect={false}
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
        />
        <Pagination
          total={pages}
          value={page}
          onChange={onPageChange}
          // The arrows are icons: name them, so a screen reader says where they go (axe button-name).
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
    </Group>
  );
}
