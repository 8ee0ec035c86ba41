import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AccountTag } from '@paylane/shared/contracts/account-tags';
import { useMemo, useState } from 'react';
import { useAccountTags } from '../../account-tags/api/list-account-tags';

type Props = {
  merchantId: string;
  /** Tags the account already has, so their names show before any search finds them. */
  knownTags: readonly AccountTag[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
};

/** The merchant's account tags, searched on the server 40 at a time (docs/product.md §9), picked by id. */
export function AccountTagsSelect({ merchantId, knownTags, value, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const { data } = useAccountTags(merchantId, { page: 1, search: debouncedSearch });
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(
    () => new Map(knownTags.map((tag) => [tag.id, tag.name])),
  );
  const options = useMemo(() => {
    const names = new Map(seen);
    for (const tag of data?.results ?? []) names.set(tag.id, tag.name);
    return [...names].map(([id, name]) => ({ value: id, label: name }));
  }, [seen, data]);

  return (
    <MultiSelect
      label="Tags"
      placeholder={value.length === 0 ? 'Choose tags' : undefined}
      searchable
      clearable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ids) => {
        // Remember the names of picked tags: the next search may not list them.
        setSeen(
          new Map(options.filter((option) => ids.includes(option.value)).map((o) => [o.value, o.label])),
        );
        onChange(ids);
      }}
      nothingFoundMessage="No tags found"
      error={error}
    />
  );
}
