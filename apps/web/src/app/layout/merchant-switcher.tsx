import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MerchantSummary } from '@paylane/shared/contracts/merchants';
import { useState } from 'react';
import { useSwitchableMerchants } from '../../features/merchants/api/list-switchable-merchants';

// The server already filtered by the search text; the dropdown shows its answer as it is.
const showServerResults: OptionsFilter = ({ options }) => options;

type MerchantSwitcherProps = {
  current: MerchantSummary | null;
  onSwitch: (merchant: MerchantSummary) => void;
};

/** Searches GET /api/merchants/simplified_list/?search=<trimmed text> as the user types. */
export function MerchantSwitcher({ current, onSwitch }: MerchantSwitcherProps) {
  const [search, setSearch] = useState(current?.name ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  // While the box shows the current merchant's name the user has not searched yet: list everything.
  const serverSearch = debouncedSearch === current?.name ? '' : debouncedSearch;
  const { data, isFetching } = useSwitchableMerchants(serverSearch, true);

  const results = data?.results ?? [];
  const options: ComboboxItem[] = results.map((merchant) => ({ value: merchant.id, label: merchant.name }));
  if (current && !results.some((merchant) => merchant.id === current.id)) {
    options.unshift({ value: current.id, label: current.name });
  }

  return (
    <Select
      aria-label="Switch merchant"
      placeholder="Search merchants"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      filter={showServerResults}
      value={current?.id ?? null}
      onChange={(id, option) => {
        if (id && option && id !== current?.id) onSwitch({ id, name: option.label });
      }}
      allowDeselect={false}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No merchants found'}
      w={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
