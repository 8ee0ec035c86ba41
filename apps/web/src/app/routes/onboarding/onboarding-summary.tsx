import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { useOnboardingSummary } from '../../../features/onboarding/api/get-onboarding-summary';
import { OnboardingChecklist } from '../../../features/onboarding/components/onboarding-checklist';
import { useSignedInUser } from '../../../features/profile/hooks/use-signed-in-user';

/** /onboarding/{merchantID}/summary (docs/product.md §2): super admins fix what is missing; partners follow along. */
export function OnboardingSummaryPage() {
  const { merchantID = '' } = useParams();
  const { isSuperAdmin } = useSignedInUser();
  const summary = useOnboardingSummary(merchantID);

  return (
    <Stack>
      <title>Onboarding Summary · Paylane</title>
      <Anchor component={Link} to={isSuperAdmin ? `/merchants/${merchantID}` : '/merchants'} size="sm">
        {isSuperAdmin ? 'Back to Merchant' : 'Back to Merchants'}
      </Anchor>
      <Title order={1}>Onboarding Summary</Title>
      {summary.data ? (
        <>
          <Group gap="sm">
            <Title order={2} size="h3">
              {summary.data.merchant.name}
            </Title>
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
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
    </Stack>
  );
}
