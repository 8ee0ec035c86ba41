import { Group, Pagination, Select, Text } from '@mantine/core';

type Props = {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** Paging under a table; spec §9: shown only when there is more than one page. */
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
        <Pagination total={pages} value={page} onChange={onPageChange} />
      </Group>
    </Group>
  );
}
