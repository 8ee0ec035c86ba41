import '@mantine/spotlight/styles.css';
import { Button, Kbd, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { formatPhone } from '@paylane/shared/format';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCustomers } from '../../features/customers/api/list-customers';
import { customerPagePath } from '../../lib/page-paths';
import { NAV_ICON_SIZE, NAV_ICONS } from './nav-icons';
import type { NavSection } from './navigation';

const CUSTOMERS_SHOWN = 8;
const SEARCH_DELAY_MS = 250;
/** Fewer characters match too many customers to be worth a request. */
const MIN_SEARCH_LENGTH = 2;

type Props = { merchantId: string | null; sections: NavSection[] };

/**
 * The command palette (issue 20): ⌘K / Ctrl+K anywhere, or the header's Search button, finds a customer of the
 * current merchant by name, phone or id (the customer list's search, which tells the field by the text's shape)
 * and any page of the navigation.
 */
export function CommandPalette({ merchantId, sections }: Props) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [searched] = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  const canSearch = merchantId !== null && searched.length >= MIN_SEARCH_LENGTH;
  const customers = useCustomers(
    merchantId ?? '',
    { search: searched, page_size: CUSTOMERS_SHOWN },
    canSearch,
  );
  const wanted = query.trim().toLowerCase();
  const pages = sections
    .flatMap((section) => section.items)
    .filter((item) => wanted !== '' && item.label.toLowerCase().includes(wanted));
  const found = canSearch ? (customers.data?.results ?? []) : [];
  const isSearching = canSearch && customers.isFetching;

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      // Ctrl+K types nothing: it opens the palette from a text field too.
      tagsToIgnore={[]}
      // The dialog's name: a title the modal labels itself by, its header not shown (the search box says it all).
      title="Find a customer or a page"
      styles={{ header: { display: 'none' } }}
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search placeholder="Find a customer by name, phone or ID, or a page" aria-label="Search" />
      <Spotlight.ActionsList aria-label="Results">
        {found.map((customer) => (
          <Spotlight.Action
            key={customer.id}
            label={`${customer.first_name} ${customer.last_name}`.trim()}
            description={[formatPhone(customer.sms_phone_number), customer.external_id]
              .filter(Boolean)
              .join(' · ')}
            onClick={() => void navigate(customerPagePath(merchantId ?? '', customer.id))}
          />
        ))}
        {pages.map((item) => {
          const Icon = NAV_ICONS[item.label];
          return (
            <Spotlight.Action
              key={item.to}
              label={item.label}
              description="Page"
              leftSection={Icon ? <Icon size={NAV_ICON_SIZE} stroke={1.6} aria-hidden /> : null}
              onClick={() => void navigate(item.to)}
            />
          );
        })}
        {found.length === 0 && pages.length === 0 ? (
          <Spotlight.Empty>
            {isSearching ? 'Searching…' : wanted.length > 0 ? 'No Results Found' : 'Type a name, phone or ID'}
          </Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

/** The header's way into the palette, with its shortcut. */
export function CommandPaletteButton() {
  return (
    <Button
      variant="default"
      size="xs"
      onClick={() => spotlight.open()}
      rightSection={
        <Text component="span" size="xs" c="dimmed" visibleFrom="sm">
          <Kbd size="xs">Ctrl</Kbd> <Kbd size="xs">K</Kbd>
        </Text>
      }
    >
      Search
    </Button>
  );
}
