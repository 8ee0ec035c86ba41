import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useAuditFilterOptions } from '../../../features/audit-log/api/get-audit-filter-options';
import { useAuditLog, type AuditLogFilter } from '../../../features/audit-log/api/list-audit-log';
import { AuditLogFilters, noAuditFilters } from '../../../features/audit-log/components/audit-log-filters';
import { AuditLogTable } from '../../../features/audit-log/components/audit-log-table';
import { SectionTitle } from '../../../components/section-title';
import { LinesSkeleton } from '../../../components/form-skeleton';

const PAGE_SIZE = 50;

/** Settings › Audit Log: who changed what in this merchant, newest first. */
export function AuditLogPage() {
  const { merchantID = '' } = useParams();
  const [filter, setFilter] = useState<AuditLogFilter>({ ...noAuditFilters, page: 1, pageSize: PAGE_SIZE });
  const log = useAuditLog(merchantID, filter);
  const options = useAuditFilterOptions(merchantID);
  const pageCount = log.data ? Math.ceil(log.data.count / filter.pageSize) : 0;

  return (
    <Stack gap="md">
      <SectionTitle>Audit Log</SectionTitle>
      <AuditLogFilters
        value={filter}
        options={options.data}
        onChange={(next) => setFilter({ ...filter, ...next, page: 1 })}
      />
      {log.isPending ? (
        <LinesSkeleton label="Loading the audit log" />
      ) : log.data && log.data.results.length > 0 ? (
        <AuditLogTable entries={log.data.results} />
      ) : (
        <EmptyState
          title="No entries found"
          description="Changes to users, roles and settings appear here."
        />
      )}
      {pageCount > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {log.data?.count} entries
          </Text>
          <Pagination
            total={pageCount}
            value={filter.page}
            onChange={(page) => setFilter({ ...filter, page })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
