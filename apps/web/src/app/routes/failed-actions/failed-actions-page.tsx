import { Alert, Group, Select, Stack } from '@mantine/core';
import { FAILED_ACTIONS_PAGE_SIZE, type FailedActionKind } from '@paylane/shared/contracts/failed-actions';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { errorDetailText } from '../../../lib/notify';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import {
  useFailedActions,
  type FailedActionFilters,
} from '../../../features/failed-actions/api/list-failed-actions';
import { FailedActionsBulkBar } from '../../../features/failed-actions/components/failed-actions-bulk-bar';
import { FailedActionsTable } from '../../../features/failed-actions/components/failed-actions-table';
import { actionName, kindLabels } from '../../../features/failed-actions/components/failed-action-display';
import { PageHeader } from '../../../components/page-header';

const stateOptions = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];
const kindOptions = [
  { value: 'all', label: 'All kinds' },
  ...(['payment', 'autopay', 'message'] as const).map((kind) => ({ value: kind, label: kindLabels[kind] })),
];

/** /merchants/{merchantID}/failed-actions (docs/product.md §2, §7; issue 18 item 4). */
export function FailedActionsPage() {
  const { merchantID = '' } = useParams();
  const { data: merchant } = useMerchant(merchantID);
  return (
    <Stack gap="md">
      <title>Failed Actions · Paylane</title>
      <PageHeader title="Failed Actions" />
      <MerchantFailedActions
        key={merchantID}
        merchantId={merchantID}
        timeZone={merchant?.time_zone ?? null}
      />
    </Stack>
  );
}

/** The chosen rows by id, each with the page it was chosen on. */
type Chosen = Readonly<Record<string, number>>;

/**
 * The rows chosen for a bulk action, by id: they stay chosen while the list is fetched again (after a Retry or
 * Resolve, on another page), and only rows a fresh answer for their page no longer lists (retried, resolved by
 * someone) drop out, so the bulk bar never counts or sends a row that is gone.
 */
function useSelection(page: number, rows: readonly { id: string }[] | undefined, isPlaceholder: boolean) {
  const [chosen, setChosen] = useState<Chosen>({});
  const selectedIds = useMemo(() => {
    const listed = rows && !isPlaceholder ? new Set(rows.map((row) => row.id)) : null;
    return Object.keys(chosen).filter((id) => !listed || chosen[id] !== page || listed.has(id));
  }, [chosen, page, rows, isPlaceholder]);
  const select = (ids: string[]) => setChosen(Object.fromEntries(ids.map((id) => [id, chosen[id] ?? page])));
  return { selectedIds, select, clear: () => setChosen({}) };
}

function MerchantFailedActions({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  const [filters, setFilters] = useState<FailedActionFilters>({ kinds: [], state: 'open' });
  const [page, setPage] = useState(1);
  const actions = useFailedActions(merchantId, { ...filters, page });
  const selection = useSelection(page, actions.data?.results, actions.isPlaceholderData);
  const change = (next: Partial<FailedActionFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(1);
    selection.clear();
  };
  return (
    <Stack gap="md">
      <Group align="end" justify="space-between">
        <Group align="end">
          <Select
            label="Show"
            data={stateOptions}
            value={filters.state || 'all'}
            allowDeselect={false}
            onChange={(value) => change({ state: value === 'open' || value === 'resolved' ? value : '' })}
          />
          <Select
            label="Kind"
            data={kindOptions}
            value={filters.kinds[0] ?? 'all'}
            allowDeselect={false}
            onChange={(value) =>
              change({ kinds: !value || value === 'all' ? [] : [value as FailedActionKind] })
            }
          />
        </Group>
        <FailedActionsBulkBar
          merchantId={merchantId}
          selectedIds={selection.selectedIds}
          kinds={filters.kinds}
          onDone={selection.clear}
        />
      </Group>
      {actions.isError && !actions.data ? (
        <Alert color="red" variant="light" role="alert">
          {errorDetailText(actions.error) || 'The failed actions could not be loaded.'}
        </Alert>
      ) : (
        <FailedActionsTable
          merchantId={merchantId}
          timeZone={timeZone}
          label="Failed Actions"
          rows={actions.data?.results}
          isFetching={actions.isPlaceholderData}
          empty={{
            title: 'No failed actions.',
            description: 'Failed payments, autopay charges and messages appear here to retry or resolve.',
          }}
          selection={{
            selectedIds: selection.selectedIds,
            onChange: selection.select,
            getRowLabel: actionName,
          }}
          paging={{
            count: actions.data?.count ?? 0,
            page,
            pageSize: FAILED_ACTIONS_PAGE_SIZE,
            pageSizes: [FAILED_ACTIONS_PAGE_SIZE],
            onChange: (next) => setPage(next.page),
          }}
        />
      )}
    </Stack>
  );
}
