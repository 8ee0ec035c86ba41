import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import {
  DEFAULT_MERCHANT_PAGE_SIZE,
  MERCHANT_PAGE_SIZES,
  useMerchants,
} from '../../../features/merchants/api/list-merchants';
import { MerchantsTable } from '../../../features/merchants/components/merchants-table';
import { PageFooter } from '../../../components/page-footer';
import { useSignedInUser } from '../../../features/profile/hooks/use-signed-in-user';
import { PageHeader } from '../../../components/page-header';
import { LinesSkeleton } from '../../../components/form-skeleton';

const SEARCH_DELAY_MS = 300;

/** Search, page and page size live in the address, so Back returns to the same page of results. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const requestedSize = Number(params.get('page_size'));
  const pageSize = (MERCHANT_PAGE_SIZES as readonly number[]).includes(requestedSize)
    ? requestedSize
    : DEFAULT_MERCHANT_PAGE_SIZE;
  const update = (changes: Record<string, string | number | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  return { search: params.get('search') ?? '', page, pageSize, update };
}

/** /merchants (docs/product.md §2): super admins see every merchant, partners the ones they onboarded. */
export function MerchantsListPage() {
  const { isSuperAdmin } = useSignedInUser();
  const { search, page, pageSize, update } = useListParams();
  const [searchText, setSearchText] = useState(search);
  const merchants = useMerchants({ search, page, pageSize });
  // docs/product.md §5: merchant search text is trimmed; a new search starts at page 1.
  const applySearch = useDebouncedCallback(
    (text: string) => update({ search: text.trim(), page: null }),
    SEARCH_DELAY_MS,
  );
  const linkTo = (merchant: Merchant) =>
    isSuperAdmin ? `/merchants/${merchant.id}` : `/onboarding/${merchant.id}/summary`;

  return (
    <Stack>
      <title>Merchants · Paylane</title>
      <PageHeader
        title="Merchants"
        actions={
          isSuperAdmin ? (
            <Button component={Link} to="/merchants/create">
              Create Merchant
            </Button>
          ) : null
        }
      />
      <TextInput
        aria-label="Search merchants"
        placeholder="Search by name"
        type="search"
        maw={360}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
      />
      {merchants.data ? (
        merchants.data.count === 0 ? (
          <EmptyState
            title="No merchants found."
            description={search ? 'No merchant name matches the search.' : 'Merchants you can see show here.'}
          />
        ) : (
          <>
            <MerchantsTable merchants={merchants.data.results} linkTo={linkTo} />
            <PageFooter
              count={merchants.data.count}
              page={page}
              pageSize={pageSize}
              pageSizes={MERCHANT_PAGE_SIZES}
              onPageChange={(next) => update({ page: next })}
              onPageSizeChange={(size) => update({ page_size: size, page: null })}
            />
          </>
        )
      ) : merchants.isError ? (
        <Alert color="red" variant="light">
          The merchants could not be loaded.
        </Alert>
      ) : (
        <LinesSkeleton lines={6} />
      )}
    </Stack>
  );
}
