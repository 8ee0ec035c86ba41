import { Button, Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { AuditFilterOptions } from '@paylane/shared/contracts/audit';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { AuditLogFilter } from '../api/list-audit-log';

// Typed dates read as MM/DD/YYYY (docs/product.md §5 date input).
dayjs.extend(customParseFormat);
const DATE_FORMAT = 'MM/DD/YYYY';

type FilterValues = Pick<AuditLogFilter, 'action' | 'entityType' | 'start' | 'end'>;

type AuditLogFiltersProps = {
  value: FilterValues;
  options: AuditFilterOptions | undefined;
  onChange: (next: FilterValues) => void;
};

export const noAuditFilters: FilterValues = { action: null, entityType: null, start: null, end: null };

/** Action, entity type and a date range; each change applies at once. */
export function AuditLogFilters({ value, options, onChange }: AuditLogFiltersProps) {
  const set = (patch: Partial<FilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Action"
        placeholder="All actions"
        data={options?.actions ?? []}
        value={value.action}
        onChange={(action) => set({ action })}
        clearable
        searchable
      />
      <Select
        label="Entity Type"
        placeholder="All types"
        data={options?.entity_types ?? []}
        value={value.entityType}
        onChange={(entityType) => set({ entityType })}
        clearable
      />
      <DateInput
        label="From"
        placeholder={DATE_FORMAT}
        valueFormat={DATE_FORMAT}
        value={value.start}
        onChange={(start) => set({ start })}
        maxDate={value.end ?? undefined}
        clearable
      />
      <DateInput
        label="To"
        placeholder={DATE_FORMAT}
        valueFormat={DATE_FORMAT}
        value={value.end}
        onChange={(end) => set({ end })}
        minDate={value.start ?? undefined}
        clearable
      />
      <Button variant="default" onClick={() => onChange(noAuditFilters)}>
        Reset Filters
      </Button>
    </Group>
  );
}
