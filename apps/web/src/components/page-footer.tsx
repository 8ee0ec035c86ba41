import { Group, Pagination, Select, Text } from '@mantine/core';

const controlLabels = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

type Props = {
  count: number;
  /** The server stopped counting at `count` (a report over a large history): the total reads '10,000+'. */
  isCountCapped?: boolean;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** Paging under a table; docs/product.md §9: shown only when there is more than one page. */
export function PageFooter(props: Props) {
  const { count, isCountCapped = false, page, pageSize, pageSizes, onPageChange, onPageSizeChange } = props;
  const pages = Math.ceil(count / pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" aria-label="Paging" role="navigation">
      <Text size="sm" c="dimmed">
        {isCountCapped ? `${count.toLocaleString('en-US')}+ results` : `${count} results`}
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
