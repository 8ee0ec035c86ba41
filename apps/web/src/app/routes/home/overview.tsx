import { Alert, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { RecentPayments } from '../../../features/home-payments/components/recent-payments';
import { HomeFigures } from '../../../features/home-summary/components/home-figures';
import { useHomeSummary } from '../../../features/home-summary/api/get-home-summary';
import { useCurrentMerchant } from '../../../features/merchants/hooks/use-current-merchant';
import { PromiseFigures } from '../../../features/promises/components/promise-figures';
import { Today } from './today';
import { SkeletonStatus } from '../../../components/form-skeleton';
import { SectionTitle } from '../../../components/section-title';

/**
 * `/` (docs/product.md §2 Home): 'Today' (what needs someone now), the current merchant's figures, each leading to the page that lists it, its
 * promises to pay and scheduled payments, and today's payments (every member, as the API's recent_payments allows).
 */
export function HomeOverviewPage() {
  const { merchantId, merchant } = useCurrentMerchant();
  return (
    <Stack>
      <SectionTitle>Overview</SectionTitle>
      {merchantId ? (
        <MerchantOverview key={merchantId} merchantId={merchantId} timeZone={merchant?.time_zone ?? null} />
      ) : (
        <Alert color="yellow" variant="light">
          Choose a merchant to see its overview.
        </Alert>
      )}
    </Stack>
  );
}

function MerchantOverview({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  return (
    <Stack gap="lg">
      <Today merchantId={merchantId} timeZone={timeZone} />
      <MerchantFigures merchantId={merchantId} timeZone={timeZone} />
      <PromiseFigures merchantId={merchantId} />
      <RecentPayments merchantId={merchantId} timeZone={timeZone} />
    </Stack>
  );
}

function MerchantFigures({ merchantId, timeZone }: { merchantId: string; timeZone: string | null }) {
  const summary = useHomeSummary(merchantId);
  if (summary.data) return <HomeFigures summary={summary.data} merchantId={merchantId} timeZone={timeZone} />;
  if (summary.isError) {
    return (
      <Alert color="red" variant="light">
        The overview could not be loaded.
      </Alert>
    );
  }
  return <FiguresSkeleton />;
}

/** Two rows of figure cards in grey while the summary loads. */
function FiguresSkeleton() {
  return (
    <SkeletonStatus label="Loading the overview">
      {[5, 5].map((count, group) => (
        <Stack key={group} gap="xs">
          <Skeleton h={18} w={200} />
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
            {Array.from({ length: count }, (_, card) => (
              <Skeleton key={card} h={84} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </SkeletonStatus>
  );
}
