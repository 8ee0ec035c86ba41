import { Alert, Stack } from '@mantine/core';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import { errorDetailText } from '../../../lib/notify';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import { usePromises } from '../../../features/promises/api/list-promises';
import { PromisesFilters } from '../../../features/promises/components/promises-filters';
import { PromisesTable } from '../../../features/promises/components/promises-table';
import { PROMISE_PAGE_SIZES, usePromisesParams } from '../../../features/promises/hooks/use-promises-params';
import { PageHeader } from '../../../components/page-header';

/** /promises (docs/product.md §2 Reports, issue 17 item 4): the current merchant's promises to pay, filtered and paged. */
export function PromisesPage() {
  const { merchantId, merchant } = useCurrentMerchant();
  return (
    <Stack gap="md">
      <title>Promises · Paylane</title>
      <PageHeader title="Promises" />
      {merchantId ? (
        <MerchantPromises key={merchantId} merchantId={merchantId} timeZone={merchant?.time_zone ?? null} />
      ) : (
        <Alert color="yellow" variant="light">
          Choose a merchant to see its promises.
        </Alert>
      )}
    </Stack>
  );
}

function MerchantPromises({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  // Days are the merchant's: the promised date's range is days on its clock.
  const today = todayIn(timeZone);
  const [params, update] = usePromisesParams(today);
  const promises = usePromises(merchantId, {
    confirmation: params.confirmation,
    outcome: params.outcome,
    start: params.range.start,
    end: params.range.end,
    like: params.like,
    page: params.page,
    pageSize: params.pageSize,
  });
  const isFiltered =
    params.confirmation !== '' ||
    params.outcome !== '' ||
    params.like !== '' ||
    params.range.start !== '' ||
    params.range.end !== '';
  return (
    <Stack gap="md">
      <PromisesFilters value={params} onChange={update} today={today} />
      {promises.isError && !promises.data ? (
        <Alert color="red" variant="light" role="alert">
          {errorDetailText(promises.error) || 'The promises could not be loaded.'}
        </Alert>
      ) : (
        <PromisesTable
          merchantId={merchantId}
          timeZone={timeZone}
          rows={promises.data?.results}
          isFetching={promises.isPlaceholderData}
          isFiltered={isFiltered}
          paging={{
            count: promises.data?.count ?? 0,
            page: params.page,
            pageSize: params.pageSize,
            pageSizes: PROMISE_PAGE_SIZES,
            onChange: ({ page, pageSize }) => update({ page, pageSize }),
          }}
        />
      )}
    </Stack>
  );
}
