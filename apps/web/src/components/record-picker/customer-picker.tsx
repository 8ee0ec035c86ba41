import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { formatPhone } from '@paylane/shared/format';
import { useCustomers } from '../../features/customers/api/list-customers';
import { PickerSelect, usePickerSearch, type PickerProps } from './picker-select';

const RESULTS = 20;

/** 'Ann Lee · DM-1001 · (214) 555-0100': enough to tell two people of the same name apart. */
export const customerLabel = (customer: Omit<CustomerRef, 'id'>) =>
  [
    `${customer.first_name} ${customer.last_name}`.trim(),
    customer.external_id,
    formatPhone(customer.sms_phone_number),
  ]
    .filter(Boolean)
    .join(' · ');

/** Searches GET /api/merchants/{id}/customers/?search= (name, Customer ID, phone, email). */
export function CustomerPicker({ merchantId, ...props }: PickerProps & { merchantId: string }) {
  const { search, setSearch, serverSearch } = usePickerSearch(props.value);
  const { data, isFetching } = useCustomers(merchantId, {
    search: serverSearch || undefined,
    page_size: RESULTS,
  });
  const options = (data?.results ?? []).map((customer) => ({
    value: customer.id,
    label: customerLabel(customer),
  }));
  return (
    <PickerSelect
      {...props}
      search={search}
      onSearchChange={setSearch}
      options={options}
      isFetching={isFetching}
    />
  );
}
