import type { DataTableFilter } from '../../../components/data-table/data-table-toolbar';
import { useLocations } from '../../locations/api/list-locations';
import type { CustomerListChanges, CustomerListQuery } from './use-customer-list-params';
import { useTagOptions } from './use-tag-options';

const fieldNames = {
  name: 'Name',
  external_id: 'Customer ID',
  phone: 'Phone Number',
  email: 'Email',
} as const;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The customer list's active search and filters as chips (issue 20), in the words of the filters above them; a
 * chip's × removes its filter (the search takes its "Search by" field with it).
 */
export function useCustomerFilterChips(
  merchantId: string,
  query: CustomerListQuery,
  update: (changes: CustomerListChanges) => void,
): DataTableFilter[] {
  const locations = useLocations(merchantId);
  // The filter's own picker has read the tags already; the chip names the chosen one from the same cache.
  const tags = useTagOptions(merchantId, '');
  const chips: DataTableFilter[] = [];
  const { search, field, location, account_status: status, tag, opted_out: optedOut } = query;
  if (search) {
    const label = field ? `${fieldNames[field]}: ${search}` : `Search: ${search}`;
    chips.push({ key: 'search', label, onRemove: () => update({ search: null, field: null }) });
  }
  if (location) {
    const name = locations.data?.results.find((each) => each.id === location)?.name ?? 'Unknown location';
    chips.push({ key: 'location', label: `Location: ${name}`, onRemove: () => update({ location: null }) });
  }
  if (status) {
    const label = `Account Status: ${capitalise(status)}`;
    chips.push({ key: 'account_status', label, onRemove: () => update({ account_status: null }) });
  }
  if (tag) {
    const name = tags.find((each) => each.value === tag)?.label ?? 'Unknown tag';
    chips.push({ key: 'tag', label: `Tag: ${name}`, onRemove: () => update({ tag: null }) });
  }
  if (optedOut) {
    const label = `Opted Out: ${optedOut === 'true' ? 'Opted out' : 'Not opted out'}`;
    chips.push({ key: 'opted_out', label, onRemove: () => update({ opted_out: null }) });
  }
  return chips;
}
