import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { PayLinkReceipt, PayLinkSession } from '@paylane/shared/contracts/pay-links';
import { formatCurrency, formatDate } from '@paylane/shared/format';
import { useState } from 'react';
import { useParams } from 'react-router';
import { FieldBars, SkeletonStatus } from '../../../components/form-skeleton';
import { PublicPage } from '../../../components/public-page';
import { usePayLink } from '../../../features/pay-page/api/get-pay-link';
import { PayLinkPaymentForm } from '../../../features/pay-page/components/pay-link-payment-form';
import { PayLinkReceiptView } from '../../../features/pay-page/components/pay-link-receipt';
import { PayLinkClosed, PayLinkSummaryHeader } from '../../../features/pay-page/components/pay-link-summary';
import { PayLinkVerifyForm } from '../../../features/pay-page/components/pay-link-verify-form';
import { isApiError } from '../../../lib/api-error';

/**
 * The public pay page `/pay/:token` (issue 16 item 6): no sign-in, phone first. The merchant and amount due
 * with masked data; the payer verifies, pays by card or bank account through the processor's hosted entry,
 * and sees the receipt. A spent or expired link says so.
 */
export function PayPage() {
  const { token = '' } = useParams();
  const summary = usePayLink(token);
  const [session, setSession] = useState<PayLinkSession | null>(null);
  const [receipt, setReceipt] = useState<PayLinkReceipt | null>(null);

  if (summary.isPending)
    return (
      <PublicPage title="Make a Payment">
        <PayPageSkeleton />
      </PublicPage>
    );
  if (summary.isError)
    return (
      <PublicPage title="Make a Payment">
        <Alert color="red" variant="light" role="alert">
          {isApiError(summary.error) && summary.error.status === 404
            ? 'This payment link is not valid. Check the link in your text message.'
            : 'The page could not be loaded. Try again in a moment.'}
        </Alert>
      </PublicPage>
    );

  const data = summary.data;
  if (receipt)
    return (
      <PublicPage title="Payment Receipt">
        <PayLinkReceiptView receipt={receipt} />
      </PublicPage>
    );
  if (data.status !== 'open')
    return (
      <PublicPage title={data.status === 'paid' ? 'Already Paid' : 'Link Expired'}>
        <PayLinkSummaryHeader summary={data} />
        <PayLinkClosed summary={data} />
      </PublicPage>
    );
  return (
    <PublicPage title="Make a Payment">
      <PayLinkSummaryHeader summary={data} />
      {session ? (
        <Stack>
          <Text size="sm">
            {session.customer.first_name} {session.customer.last_name} · account{' '}
            {session.account.account_number}
            {session.account.due_date ? ` · due ${formatDate(session.account.due_date)}` : ''} ·{' '}
            {formatCurrency(session.account.amount_due_cents)}
          </Text>
          <PayLinkPaymentForm token={token} session={session} onPaid={setReceipt} />
        </Stack>
      ) : (
        <PayLinkVerifyForm token={token} verifyWith={data.verify_with} onVerified={setSession} />
      )}
    </PublicPage>
  );
}

/** The card's summary (merchant, account, amount due) and the verify form, in grey, while the link loads. */
function PayPageSkeleton() {
  return (
    <SkeletonStatus>
      <Stack gap={8}>
        <Group gap="sm" wrap="nowrap">
          <Skeleton h={40} w={40} radius="sm" />
          <Skeleton h={18} w="50%" />
        </Group>
        <Skeleton h={12} w="65%" />
        <Skeleton h={20} w="40%" />
      </Stack>
      <FieldBars fields={2} />
    </SkeletonStatus>
  );
}
