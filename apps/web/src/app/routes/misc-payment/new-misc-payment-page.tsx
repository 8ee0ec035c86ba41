import { Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { MiscPaymentForm } from '../../../features/misc-payments/components/misc-payment-form';
import { PageHeader } from '../../../components/page-header';

/** /merchants/{merchantID}/misc-payment/new: take a misc (down) payment, then back to the list. */
export function NewMiscPaymentPage() {
  const { merchantID = '' } = useParams();
  const navigate = useNavigate();
  const listPath = `/merchants/${encodeURIComponent(merchantID)}/misc-payment`;
  return (
    <Stack gap="md">
      <title>New Misc Payment · Paylane</title>
      <PageHeader title="New Misc Payment" backTo={listPath} backLabel="Misc Payments" />
      <MiscPaymentForm key={merchantID} merchantId={merchantID} onDone={() => void navigate(listPath)} />
    </Stack>
  );
}
