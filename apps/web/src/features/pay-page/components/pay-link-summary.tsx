import { Group, Image, Stack, Text } from '@mantine/core';
import type { PayLinkSummary } from '@paylane/shared/contracts/pay-links';
import { formatCurrency, formatPhone } from '@paylane/shared/format';

/** Who is asking and how much, with only masked data until the payer verifies. */
export function PayLinkSummaryHeader({ summary }: { summary: PayLinkSummary }) {
  return (
    <Stack gap={4} mb="md">
      <Group gap="sm" wrap="nowrap">
        {summary.merchant.logo_url ? (
          <Image src={summary.merchant.logo_url} alt="" h={40} w={40} fit="contain" />
        ) : null}
        <Text fw={700} size="lg">
          {summary.merchant.name}
        </Text>
      </Group>
      {summary.status === 'open' ? (
        <>
          <Text size="sm" c="dimmed">
            Account {summary.masked_account_number} · {summary.masked_customer_name}
          </Text>
          <Text size="sm">
            Amount due{' '}
            <Text span fw={700} size="xl">
              {formatCurrency(summary.amount_due_cents)}
            </Text>
          </Text>
        </>
      ) : null}
    </Stack>
  );
}

/** A link that can no longer be paid: said plainly, with the merchant's phone to ask for a new one. */
export function PayLinkClosed({ summary }: { summary: PayLinkSummary }) {
  const phone = summary.merchant.phone ? formatPhone(summary.merchant.phone) : null;
  return (
    <Stack gap="xs">
      <Text>
        {summary.status === 'paid'
          ? 'This payment link has already been used. Thank you for your payment.'
          : 'This payment link has expired.'}
      </Text>
      <Text size="sm" c="dimmed">
        {phone
          ? `For a new link or any question, call ${summary.merchant.name} at ${phone}.`
          : `For a new link or any question, contact ${summary.merchant.name}.`}
      </Text>
    </Stack>
  );
}
