import { Badge, Group, Text } from '@mantine/core';
import type { CustomerListItem } from '@paylane/shared/contracts/customers';
import { customerAmountDue, customerDaysPastDue, customerDueDate } from '@paylane/shared/customer-due';
import { formatCurrency, formatDate, formatPhone } from '@paylane/shared/format';
import type { SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
  type DataTableSelection,
} from '../../../components/data-table/data-table';
import { RowLink } from '../../../components/data-table/row-link';
import { EmptyState } from '../../../components/empty-state';
import { StatusBadge } from '../../../components/status-badge';
import { textColors } from '../../../lib/scheme-colors';

export const customerName = (customer: { first_name: string; last_name: string }) =>
  `${customer.first_name} ${customer.last_name}`.trim();

/** The account a row speaks for: the server lists the customer's own accounts, open ones first. */
const firstAccount = (customer: CustomerListItem) => customer.accounts[0] ?? null;
const none = <Text c="dimmed">—</Text>;

// Sortable columns carry the API's ordering field as their id (spec: Name by last name, Customer ID, Created;
// issue 20: Amount Due, Due Date and Days late). `today` is the merchant's calendar day, which Days late counts to.
const columnsFor = (today: string): DataTableColumn<CustomerListItem>[] => [
  {
    id: 'last_name',
    header: 'Name',
    accessorFn: (customer) => customer.last_name,
    cell: ({ row }) => <RowLink rowId={row.id}>{customerName(row.original)}</RowLink>,
  },
  {
    id: 'external_id',
    header: 'Customer ID',
    accessorFn: (customer) => customer.external_id,
    cell: ({ row }) => row.original.external_id ?? none,
  },
  { id: 'phone', header: 'Phone', cell: ({ row }) => formatPhone(row.original.sms_phone_number) || none },
  { id: 'email', header: 'Email', cell: ({ row }) => row.original.email ?? none },
  { id: 'location', header: 'Location', cell: ({ row }) => row.original.location?.name ?? none },
  {
    id: 'status',
    header: 'Account Status',
    cell: ({ row }) => {
      const account = firstAccount(row.original);
      if (!account) return none;
      const more = row.original.accounts.length - 1;
      return (
        <Group gap={6} wrap="nowrap">
          <StatusBadge status={account.status} />
          {more > 0 ? <Text size="xs" c="dimmed">{`+${more} more`}</Text> : null}
        </Group>
      );
    },
  },
  // The customer's open accounts together (customer-due.ts), as the server sorts them.
  {
    id: 'amount_due',
    header: 'Amount Due',
    accessorFn: (customer) => customerAmountDue(customer.accounts),
    cell: ({ row }) => {
      const amount = customerAmountDue(row.original.accounts);
      return amount === null ? none : formatCurrency(amount);
    },
  },
  {
    id: 'due_date',
    header: 'Due Date',
    accessorFn: (customer) => customerDueDate(customer.accounts),
    cell: ({ row }) => formatDate(customerDueDate(row.original.accounts)) || none,
  },
  {
    // The Home summary's past-due rule, the most days of any of the customer's accounts.
    id: 'days_late',
    header: 'Days late',
    accessorFn: (customer) => customerDaysPastDue(customer.accounts, today),
    // The first click asks for the most days late.
    sortDescFirst: true,
    cell: ({ row }) => {
      const days = customerDaysPastDue(row.original.accounts, today);
      return days > 0 ? (
        <Text span c={textColors.danger} fw={600} size="sm">
          {days}
        </Text>
      ) : (
        none
      );
    },
  },
  {
    id: 'created',
    header: 'Created',
    accessorFn: (customer) => customer.created,
    sortDescFirst: true,
    cell: ({ row }) => formatDate(row.original.created),
  },
  {
    id: 'opted_out',
    header: 'Opted Out',
    cell: ({ row }) => {
      const { sms_opted_out: sms, email_opted_out: email } = row.original;
      if (!sms && !email) return null;
      const what = sms && email ? 'texts and emails' : sms ? 'texts' : 'emails';
      return (
        <Badge color="red.1" autoContrast variant="filled" title={`Opted out of ${what}`}>
          Opted out
        </Badge>
      );
    },
  },
];

type Props = {
  customers: CustomerListItem[] | undefined;
  isFetching: boolean;
  isFiltered: boolean;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  paging: DataTablePaging;
  /** Checkboxes for choosing customers (Group Message, Save as Group); off without it. */
  selection?: DataTableSelection<CustomerListItem>;
  /** Today on the merchant's clock (YYYY-MM-DD). */
  today: string;
};

/** The customer list (docs/product.md §2): a row or the name opens the customer. */
export function CustomersTable(props: Props) {
  const { customers, isFetching, isFiltered, today, ...tableProps } = props;
  // One list of columns a day: the table keeps its checkboxes while the columns stay the same (data-table.tsx).
  const columns = useMemo(() => columnsFor(today), [today]);
  return (
    <DataTable
      label="Customers"
      columns={columns}
      data={customers}
      getRowId={(customer) => customer.id}
      isFetching={isFetching}
      emptyState={
        <EmptyState
          title="No Results Found"
          description={
            isFiltered ? 'No customer matches the search and filters.' : 'Customers you add show here.'
          }
        />
      }
      {...tableProps}
    />
  );
}
