import { Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { formatPaymentMethod } from '@paylane/shared/format';
import type { ReactNode } from 'react';

/** CREDIT → 'Credit'; other account types (CHECKING, SAVINGS) the same way. */
const typeLabel = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();

/** docs/product.md §3 Payment method option: the nickname plus the last 8 characters of the mask, the type, the card type. */
export function PaymentMethodsTable(props: {
  methods: PaymentMethodOption[];
  /** Rename and Remove, for who may change the customer. */
  renderActions?: (method: PaymentMethodOption) => ReactNode;
}) {
  const { methods, renderActions } = props;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment Method</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Card Type</Table.Th>
            {renderActions ? (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {methods.map((method) => (
            <Table.Tr key={method.id}>
              <Table.Td>
                {method.is_retired ? (
                  // Retired after a bank return (R02–R04, issue 18): listed, never offered again.
                  <Stack gap={2}>
                    <Group gap="xs">
                      {formatPaymentMethod(method)}
                      <Badge color="red" variant="light">
                        Retired
                      </Badge>
                    </Group>
                    {method.retired_reason ? (
                      <Text size="xs" c="dimmed">
                        Retired after a bank return: {method.retired_reason}
                      </Text>
                    ) : null}
                  </Stack>
                ) : (
                  formatPaymentMethod(method)
                )}
              </Table.Td>
              <Table.Td>{typeLabel(method.payment_type)}</Table.Td>
              <Table.Td>{method.card_type ?? '—'}</Table.Td>
              {renderActions ? <Table.Td>{renderActions(method)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
