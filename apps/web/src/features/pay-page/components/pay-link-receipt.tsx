import { Alert, Stack, Table, Text } from '@mantine/core';
import type { PayLinkReceipt } from '@paylane/shared/contracts/pay-links';
import { receiptLines } from '@paylane/shared/receipt-lines';

/** What the payer keeps after paying (payLinkReceiptSchema): principal and fee on their own lines. */
export function PayLinkReceiptView({ receipt }: { receipt: PayLinkReceipt }) {
  const { status } = receipt.transaction;
  const isProcessing = status === 'PROCESSING' || status === 'PENDING';
  // The receipt's own lines (packages/shared/src/receipt-lines.ts): the same as its PDF and its email.
  const rows = receiptLines(receipt);
  return (
    <Stack>
      <Alert color={isProcessing ? 'blue' : 'green'} variant="light" role="status">
        {isProcessing
          ? 'Your payment is processing. We will text you when it is complete.'
          : 'Thank you! Your payment was received.'}
      </Alert>
      <Table aria-label="Receipt" variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(({ label, value }) => (
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
