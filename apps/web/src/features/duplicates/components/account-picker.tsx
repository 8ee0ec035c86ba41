import type { CustomerAccountRow } from '@paylane/shared/contracts/customer-lookups';
import { useCustomerAccounts } from '../api/list-customer-accounts';
import { accountStatusLabel } from './merge-labels';
import {
  PickerSelect,
  usePickerSearch,
  type PickerOption,
  type PickerProps,
} from '../../../components/record-picker/picker-select';

const RESULTS = 20;

/** 'Account ACC-5001 · Ann Lee · Active'. */
const accountLabel = (row: CustomerAccountRow) =>
  [
    `Account ${row.account_external_id ?? '(no ID)'}`,
    `${row.first_name} ${row.last_name}`.trim(),
    accountStatusLabel(row.status),
  ].join(' · ');

/** One option per account: an account with co-borrowers has a row per holder; the first one names it. */
function accountOptions(rows: CustomerAccountRow[]): PickerOption[] {
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    if (seen.has(row.account)) return [];
    seen.add(row.account);
    return [{ value: row.account, label: accountLabel(row) }];
  });
}

/** Searches POST /api/merchants/{id}/customer_accounts/ {search}: accounts open or not, with their holders. */
export function AccountPicker({ merchantId, ...props }: PickerProps & { merchantId: string }) {
  const { search, setSearch, serverSearch } = usePickerSearch(props.value);
  const { data, isFetching } = useCustomerAccounts(merchantId, {
    search: serverSearch || undefined,
    page: 1,
    page_size: RESULTS,
  });
  return (
    <PickerSelect
      {...props}
      search={search}
      onSearchChange={setSearch}
      options={accountOptions(data?.results ?? [])}
      isFetching={isFetching}
    />
  );
}
