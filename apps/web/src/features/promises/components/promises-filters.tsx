import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { promiseOutcomeSchema } from '@paylane/shared/contracts/promises';
import { useEffect, useState } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker/date-range-picker';
import type { PromisesParams } from '../hooks/use-promises-params';
import { outcomeLabels } from '../promise-display';

type FilterValues = Pick<PromisesParams, 'confirmation' | 'outcome' | 'range' | 'like'>;

type Props = {
  value: FilterValues;
  onChange: (patch: Partial<FilterValues>) => void;
  today: string;
};

// 'all' stands for no filter in the selects (an option's value cannot be empty); the address leaves it out.
const ALL = 'all';

const confirmationOptions = [
  { value: ALL, label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'unconfirmed', label: 'Unconfirmed' },
];

const outcomeOptions = [
  { value: ALL, label: 'All outcomes' },
  ...promiseOutcomeSchema.options.map((outcome) => ({ value: outcome, label: outcomeLabels[outcome] })),
];

const SEARCH_DEBOUNCE_MS = 300;

/** The /promises filters: Confirmed / Unconfirmed / All, the outcome, the promised days and a search. */
export function PromisesFilters({ value, onChange, today }: Props) {
  const [search, setSearch] = useState(value.like);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedSearch !== value.like) onChange({ like: debouncedSearch });
  }, [debouncedSearch, value.like, onChange]);

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Select
        label="Status"
        w={160}
        allowDeselect={false}
        data={confirmationOptions}
        value={value.confirmation || ALL}
        onChange={(confirmation) =>
          onChange({
            confirmation: confirmation === 'confirmed' || confirmation === 'unconfirmed' ? confirmation : '',
          })
        }
      />
      <Select
        label="Outcome"
        w={180}
        allowDeselect={false}
        data={outcomeOptions}
        value={value.outcome || ALL}
        onChange={(outcome) => {
          const parsed = promiseOutcomeSchema.safeParse(outcome);
          onChange({ outcome: parsed.success ? parsed.data : '' });
        }}
      />
      <DateRangePicker
        label="Promised date"
        value={value.range}
        today={today}
        onChange={(range) => onChange({ range })}
      />
      <TextInput
        label="Search"
        placeholder="Customer name, account number, phone"
        w={300}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
    </Group>
  );
}
