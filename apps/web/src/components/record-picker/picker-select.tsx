import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

// The server already filtered by the search text; the dropdown shows its answer as it is.
const showServerResults: OptionsFilter = ({ options }) => options;

export type PickerOption = ComboboxItem;

export type PickerProps = {
  label: string;
  description: string;
  /** The chosen record (kept by the caller, so its label stays when the results change). */
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  error?: string | undefined;
};

/**
 * The text typed in a picker and the text to search on the server: none while the box shows the chosen
 * record's label (the user is not searching then), and only once typing pauses.
 */
export function usePickerSearch(value: PickerOption | null) {
  const [search, setSearch] = useState(value?.label ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  return { search, setSearch, serverSearch: debounced === value?.label ? '' : debounced };
}

type Props = PickerProps & {
  search: string;
  onSearchChange: (search: string) => void;
  /** The server's options for the search. */
  options: PickerOption[];
  isFetching: boolean;
};

/** A searchable picker of one of the merchant's records; the text typed is searched on the server. */
export function PickerSelect({
  value,
  onChange,
  search,
  onSearchChange,
  options,
  isFetching,
  ...rest
}: Props) {
  const data =
    value && !options.some((option) => option.value === value.value) ? [value, ...options] : options;
  return (
    <Select
      {...rest}
      placeholder="Search by name, ID, phone or email"
      searchable
      clearable
      searchValue={search}
      onSearchChange={onSearchChange}
      data={data}
      filter={showServerResults}
      value={value?.value ?? null}
      onChange={(_id, option) => onChange(option ?? null)}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No Results Found'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
