import { Alert, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { useOnboardingSummary } from '../../../features/onboarding/api/get-onboarding-summary';
import { OnboardingChecklist } from '../../../features/onboarding/components/onboarding-checklist';
import { useSignedInUser } from '../../../features/profile/hooks/use-signed-in-user';
import { PageHeader } from '../../../components/page-header';
import { SectionTitle } from '../../../components/section-title';
import { LinesSkeleton } from '../../../components/form-skeleton';

/** /onboarding/{merchantID}/summary (docs/product.md §2): super admins fix what is missing; partners follow along. */
export function OnboardingSummaryPage() {
  const { merchantID = '' } = useParams();
  const { isSuperAdmin } = useSignedInUser();
  const summary = useOnboardingSummary(merchantID);

  return (
    <Stack>
      <title>Onboarding Summary · Paylane</title>
      <PageHeader
        title="Onboarding Summary"
        backTo={isSuperAdmin ? `/merchants/${merchantID}` : '/merchants'}
        backLabel={isSuperAdmin ? (summary.data?.merchant.name ?? 'Merchant') : 'Merchants'}
      />
      {summary.data ? (
        <>
          <Group gap="sm">
            <SectionTitle>{summary.data.merchant.name}</SectionTitle>
            <StatusBadge status={summary.data.merchant.status} />
          </Group>
          <Text fw={600} role="status">
            {summary.data.is_complete ? 'Onboarding is complete.' : 'Onboarding is not complete yet.'}
          </Text>
          <OnboardingChecklist items={summary.data.items} canEdit={isSuperAdmin} />
        </>
      ) : summary.isError ? (
        <Alert color="red" variant="light">
          The onboarding summary could not be loaded.
        </Alert>
      ) : (
        <LinesSkeleton lines={6} />
      )}
    </Stack>
  );
}
