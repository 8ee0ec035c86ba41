import { CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import type { CustomerSearchField } from '@paylane/shared/contracts/customers';
import { useState } from 'react';

const fieldOptions: { value: CustomerSearchField | ''; label: string }[] = [
  { value: '', label: 'All fields' },
  { value: 'name', label: 'Name' },
  { value: 'external_id', label: 'Customer ID' },
  { value: 'phone', label: 'Phone Number' },
  { value: 'email', label: 'Email' },
];

type Props = {
  search: string;
  field: CustomerSearchField | undefined;
  onSearch: (search: string) => void;
  onFieldChange: (field: CustomerSearchField | null) => void;
};

/**
 * The search box: Enter searches (the text trimmed, docs/product.md §5), the clear button empties it and searches
 * again. Mount it with `key={search}` so Back or Reset Filters shows the address's search.
 */
export function CustomerSearch({ search, field, onSearch, onFieldChange }: Props) {
  const [text, setText] = useState(search);
  return (
    <Group gap="xs" wrap="nowrap" role="search">
      <NativeSelect
        aria-label="Search by"
        data={fieldOptions}
        value={field ?? ''}
        onChange={(event) => onFieldChange((event.currentTarget.value || null) as CustomerSearchField | null)}
      />
      <TextInput
        aria-label="Search customers"
        placeholder="Search customers"
        w={320}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onSearch(text.trim());
        }}
        rightSectionPointerEvents="all"
        rightSection={
          text ? (
            <CloseButton
              aria-label="Clear search"
              onClick={() => {
                setText('');
                onSearch('');
              }}
            />
          ) : null
        }
      />
    </Group>
  );
}
