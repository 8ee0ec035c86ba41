import { Alert, Button, Group, Stack } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_DATA_TABLE_PAGE_SIZE } from '../../../components/data-table/data-table';
import { DataTableToolbar } from '../../../components/data-table/data-table-toolbar';
import { DataTableSelectionBar, SELECTION_BAR_SPACE } from '../../../components/data-table/selection-bar';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import { orderingToSorting, sortingToOrdering } from '../../../components/data-table/sorting';
import { useCustomers } from '../../../features/customers/api/list-customers';
import { CustomerFilters } from '../../../features/customers/components/customer-filters';
import { CustomerSearch } from '../../../features/customers/components/customer-search';
import { customerName, CustomersTable } from '../../../features/customers/components/customers-table';
import { useCustomerFilterChips } from '../../../features/customers/hooks/use-customer-filter-chips';
import { useCustomerListParams } from '../../../features/customers/hooks/use-customer-list-params';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { setCurrentMerchantId } from '../../../features/merchants/current-merchant';
import { useCurrentMerchantId } from '../../../features/merchants/hooks/use-current-merchant';
import { useCan } from '../../../features/profile/hooks/use-can';
import { PageHeader } from '../../../components/page-header';

// Loaded when opened: the customer list does not pay for the compose modal (and papaparse) up front.
const ComposeModal = lazy(async () => ({
  default: (await import('../../../features/mass-messages/components/compose-modal')).ComposeModal,
}));
const GroupFormModal = lazy(async () => ({
  default: (await import('../../../features/customer-groups/components/group-form-modal')).GroupFormModal,
}));

/** /merchants/{merchantID}/customers (docs/product.md §2): search, filters, the sortable list and its paging. */
export function CustomersListPage() {
  const { merchantID = '' } = useParams();
  const { query, update, resetFilters } = useCustomerListParams();
  const customers = useCustomers(merchantID, query);
  const { search = '', field, location, account_status, tag, opted_out } = query;
  const isFiltered = Boolean(search || location || account_status || tag || opted_out);
  const filterChips = useCustomerFilterChips(merchantID, query, update);
  // Days late count to today on the merchant's clock (the Home summary's rule).
  const today = todayIn(useMerchant(merchantID || null).data?.time_zone);
  // docs/product.md §6 Group Message (also needs the merchant's allow_group_message): choosing customers for a mass
  // text or a group. The choice holds across pages, searches and filters.
  const canGroupMessage = useCan('groupMessage', merchantID);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'compose' | 'group' | null>(null);
  const selection = useMemo(
    () => ({ selectedIds, onChange: setSelectedIds, getRowLabel: customerName }),
    [selectedIds],
  );

  return (
    <Stack gap="md" pb={selectedIds.length > 0 ? SELECTION_BAR_SPACE : undefined}>
      <title>Customers · Paylane</title>
      <PageHeader
        title="Customers"
        actions={
          <>
            {canGroupMessage ? (
              <Button variant="light" onClick={() => setDialog('compose')}>
                Group Message
              </Button>
            ) : null}
            <CustomerListActions merchantId={merchantID} />
          </>
        }
      />
      {/* The count and the active filters beside the search, not a line of their own: rows stay above the fold. */}
      <Group justify="space-between" gap="sm">
        <CustomerSearch
          search={search}
          field={field}
          // Typing that refines a search replaces its history entry; one that starts a search adds one.
          onSearch={(text, isTyped) => update({ search: text }, { replace: isTyped && Boolean(search) })}
          onFieldChange={(next) => update({ field: next })}
        />
        <DataTableToolbar
          count={customers.data?.count}
          noun={['customer', 'customers']}
          filters={filterChips}
          onClearFilters={resetFilters}
        />
      </Group>
      <CustomerFilters
        merchantId={merchantID}
        value={{ location, account_status, tag, opted_out }}
        onChange={update}
        onReset={resetFilters}
      />
      {canGroupMessage ? (
        <DataTableSelectionBar
          count={selectedIds.length}
          noun={['customer', 'customers']}
          label="Selected customers"
          onClear={() => setSelectedIds([])}
        >
          <Button size="compact-sm" variant="default" onClick={() => setDialog('group')}>
            Save as Group
          </Button>
        </DataTableSelectionBar>
      ) : null}
      {customers.isError && !customers.data ? (
        <Alert color="red" variant="light">
          The customers could not be loaded.
        </Alert>
      ) : (
        <CustomersTable
          customers={customers.data?.results}
          isFetching={customers.isFetching}
          isFiltered={isFiltered}
          today={today}
          selection={canGroupMessage ? selection : undefined}
          sorting={orderingToSorting(query.ordering)}
          onSortingChange={(sorting) => update({ ordering: sortingToOrdering(sorting) })}
          paging={{
            count: customers.data?.count ?? 0,
            page: query.page,
            pageSize: query.page_size,
            onChange: ({ page, pageSize }) =>
              update({
                page: page > 1 ? page : null,
                page_size: pageSize === DEFAULT_DATA_TABLE_PAGE_SIZE ? null : pageSize,
              }),
          }}
        />
      )}
      <Suspense fallback={null}>
        {dialog === 'compose' ? (
          <ComposeModal merchantId={merchantID} customerIds={selectedIds} onClose={() => setDialog(null)} />
        ) : null}
        {dialog === 'group' ? (
          <GroupFormModal
            merchantId={merchantID}
            group={null}
            customerIds={selectedIds}
            onClose={() => setDialog(null)}
            onSaved={() => setSelectedIds([])}
          />
        ) : null}
      </Suspense>
    </Stack>
  );
}

/** docs/product.md §6: import and create need 'Customer import/create'; create is refused for integrated merchants. */
function CustomerListActions({ merchantId }: { merchantId: string }) {
  const canCreate = useCan('createCustomer', merchantId);
  const canImport = useCan('importCustomers', merchantId);
  const currentMerchantId = useCurrentMerchantId();
  return (
    <Group gap="sm">
      {canImport ? (
        <Button
          component={Link}
          to={`/merchants/${encodeURIComponent(merchantId)}/customers/import`}
          variant="light"
        >
          Import Customers
        </Button>
      ) : null}
      {canCreate ? (
        <Button
          component={Link}
          to="/customers/create"
          // /customers/create works in the current merchant: make it this list's merchant first.
          onClick={() => {
            if (currentMerchantId !== merchantId) setCurrentMerchantId(merchantId);
          }}
        >
          Create Customer
        </Button>
      ) : null}
    </Group>
  );
}
