import { Button, CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { inboxSearchFieldLabels, inboxSearchFields } from '@paylane/shared/contracts/inbox';
import { useState } from 'react';
import type { InboxFilters } from '../api/keys';

const fieldOptions = inboxSearchFields.map((value) => ({ value, label: inboxSearchFieldLabels[value] }));

type Props = {
  filters: InboxFilters;
  onChange: (filters: InboxFilters) => void;
  onOpenFilters: () => void;
  onReset: () => void;
};

/**
 * docs/product.md §2 inbox: the search-field dropdown (Name, Customer ID, Phone Number; default Customer ID), the
 * search box (Enter searches), its clear button, Filters and Reset Filters.
 */
export function InboxSearchBar({ filters, onChange, onOpenFilters, onReset }: Props) {
  const [text, setText] = useState(filters.search);
  const [shownSearch, setShownSearch] = useState(filters.search);
  // A reset (or any outside change) of the applied search shows in the box.
  if (shownSearch !== filters.search) {
    setShownSearch(filters.search);
    setText(filters.search);
  }
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Search by"
        data={fieldOptions}
        value={filters.field}
        onChange={(event) =>
          onChange({ ...filters, field: event.currentTarget.value as InboxFilters['field'] })
        }
        w={150}
        size="xs"
      />
      <TextInput
        label="Search conversations"
        placeholder="Search"
        size="xs"
        style={{ flex: 1, minWidth: 160 }}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange({ ...filters, search: text.trim() });
        }}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label="Clear search"
              onClick={() => {
                setText('');
                onChange({ ...filters, search: '' });
              }}
            />
          ) : null
        }
      />
      <Button size="xs" variant="default" onClick={onOpenFilters}>
        Filters
      </Button>
      <Button size="xs" variant="subtle" onClick={onReset}>
        Reset Filters
      </Button>
    </Group>
  );
}
