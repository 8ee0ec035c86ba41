import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { MiscPaymentForm } from '../../../features/misc-payments/components/misc-payment-form';

/** /merchants/{merchantID}/misc-payment/new: take a misc (down) payment, then back to the list. */
export function NewMiscPaymentPage() {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  const listPath = `/merchants/${encodeURIComponent(merchantID)}/misc-payment`;
  return (
    <Stack gap="md">
      <title>New Misc Payment · Paylane</title>
      <Anchor component={Link} to={listPath} size="sm">
        ← Misc Payments
      </Anchor>
      <Title order={1} size="h2">
        New Misc Payment
      </Title>
      <MiscPaymentForm key={merchantID} merchantId={merchantID} onDone={() => void navigate(listPath)} />
    </Stack>
  );
}
