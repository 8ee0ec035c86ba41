import { Button, Group, NativeSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { accountStatuses, type AccountStatus } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { useLocations } from '../../locations/api/list-locations';
import { useTagOptions } from '../hooks/use-tag-options';

export type CustomerFilterValues = {
  location: string | undefined;
  account_status: AccountStatus | undefined;
  tag: string | undefined;
  opted_out: 'true' | 'false' | undefined;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const statusOptions = [
  { value: '', label: 'All Statuses' },
  ...accountStatuses.map((status) => ({ value: status, label: capitalise(status) })),
];
const optedOutOptions = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Opted out' },
  { value: 'false', label: 'Not opted out' },
];
const TAG_SEARCH_DELAY_MS = 250;

type Props = {
  merchantId: string;
  value: CustomerFilterValues;
  onChange: (changes: Partial<Record<keyof CustomerFilterValues, string | null>>) => void;
  onReset: () => void;
};

/** Location, account status, tag and opt-out filters; each applies at once. */
export function CustomerFilters({ merchantId, value, onChange, onReset }: Props) {
  const locations = useLocations(merchantId);
  const [tagSearch, setTagSearch] = useState('');
  const [debouncedTagSearch] = useDebouncedValue(tagSearch.trim(), TAG_SEARCH_DELAY_MS);
  const tagOptions = useTagOptions(merchantId, debouncedTagSearch);
  const locationOptions = [
    { value: '', label: 'All Locations' },
    ...(locations.data?.results ?? []).map((location) => ({ value: location.id, label: location.name })),
  ];
  const pick = (key: keyof CustomerFilterValues) => (event: { currentTarget: { value: string } }) =>
    onChange({ [key]: event.currentTarget.value || null });
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <NativeSelect
        label="Location"
        data={locationOptions}
        value={value.location ?? ''}
        onChange={pick('location')}
      />
      <NativeSelect
        label="Account Status"
        data={statusOptions}
        value={value.account_status ?? ''}
        onChange={pick('account_status')}
      />
      <Select
        label="Tag"
        placeholder="All Tags"
        data={tagOptions}
        value={value.tag ?? null}
        onChange={(tag) => onChange({ tag })}
        searchable
        clearable
        onSearchChange={setTagSearch}
        nothingFoundMessage="No tags found"
      />
      <NativeSelect
        label="Opted Out"
        data={optedOutOptions}
        value={value.opted_out ?? ''}
        onChange={pick('opted_out')}
      />
      <Button variant="default" onClick={onReset}>
        Reset Filters
      </Button>
    </Group>
  );
}
