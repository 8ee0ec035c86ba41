import { CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import type { CustomerSearchField } from '@paylane/shared/contracts/customers';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

const fieldOptions: { value: CustomerSearchField | ''; label: string }[] = [
  { value: '', label: 'All fields' },
  { value: 'name', label: 'Name' },
  { value: 'external_id', label: 'Customer ID' },
  { value: 'phone', label: 'Phone Number' },
  { value: 'email', label: 'Email' },
];

/** Search as you type: the list follows the box once the typing pauses this long. */
export const SEARCH_AS_YOU_TYPE_DELAY_MS = 300;

type Props = {
  search: string;
  field: CustomerSearchField | undefined;
  /** `isTyped`: sent by search as you type after a pause, not by Enter or the clear button. */
  onSearch: (search: string, isTyped: boolean) => void;
  onFieldChange: (field: CustomerSearchField | null) => void;
};

/**
 * The search box: it searches as you type (the text trimmed, docs/product.md §5) once the typing pauses, Enter
 * searches at once, the clear button empties it and searches again. A search the box did not send (Back, Reset
 * Filters, a removed chip) replaces its text; its own searches leave the text, focus and caret alone.
 */
export function CustomerSearch({ search, field, onSearch, onFieldChange }: Props) {
  const [text, setText] = useState(search);
  const sent = useRef(search);
  useEffect(() => {
    if (search === sent.current) return;
    sent.current = search;
    setText(search);
  }, [search]);
  const send = (next: string, isTyped: boolean) => {
    if (next === sent.current) return;
    sent.current = next;
    onSearch(next, isTyped);
  };
  const sendLater = useDebouncedCallback((next: string) => send(next, true), SEARCH_AS_YOU_TYPE_DELAY_MS);
  const sendNow = (next: string) => {
    sendLater.cancel();
    send(next, false);
  };
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
        onChange={(event) => {
          setText(event.currentTarget.value);
          sendLater(event.currentTarget.value.trim());
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          sendNow(text.trim());
        }}
        rightSectionPointerEvents="all"
        rightSection={
          text ? (
            <CloseButton
              aria-label="Clear search"
              onClick={() => {
                setText('');
                sendNow('');
              }}
            />
          ) : null
        }
      />
    </Group>
  );
}
