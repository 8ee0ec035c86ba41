import { Alert, Stack, Table, Text } from '@mantine/core';
import type { PayLinkReceipt } from '@paylane/shared/contracts/pay-links';
import { formatCurrency } from '@paylane/shared/format';

/** What the payer keeps after paying (payLinkReceiptSchema): principal and fee on their own lines. */
export function PayLinkReceiptView({ receipt }: { receipt: PayLinkReceipt }) {
  const { payment, status } = receipt.transaction;
  const isProcessing = status === 'PROCESSING' || status === 'PENDING';
  const rows: Array<[string, string]> = [
    ['Paid to', receipt.merchant_name],
    ['Name', receipt.customer_name],
    ['Account', receipt.account_number],
    ['Payment method', payment.method_label],
    ['Payment', formatCurrency(payment.amount_cents)],
    ...(payment.fee_cents > 0 ? [['Card fee', formatCurrency(payment.fee_cents)] as [string, string]] : []),
    ['Total', formatCurrency(payment.total_amount_cents)],
    ['Date', new Date(payment.paid_at ?? receipt.transaction.created).toLocaleString('en-US')],
    ['Confirmation', receipt.transaction.id.slice(0, 8).toUpperCase()],
  ];
  return (
    <Stack>
      <Alert color={isProcessing ? 'blue' : 'green'} variant="light" role="status">
        {isProcessing
          ? 'Your payment is processing. We will text you when it is complete.'
          : 'Thank you! Your payment was received.'}
      </Alert>
      <Table aria-label="Receipt" variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Keep this page or take a screenshot for your records.
      </Text>
    </Stack>
  );
}
