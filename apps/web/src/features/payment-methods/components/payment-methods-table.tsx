import { Table } from '@mantine/core';
import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { formatPaymentMethod } from '@paylane/shared/format';

/** CREDIT → 'Credit'; other account types (CHECKING, SAVINGS) the same way. */
const typeLabel = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();

/** docs/product.md §3 Payment method option: the nickname plus the last 8 characters of the mask, the type, the card type. */
export function PaymentMethodsTable({ methods }: { methods: PaymentMethodOption[] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment Method</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Card Type</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {methods.map((method) => (
            <Table.Tr key={method.id}>
              <Table.Td>{formatPaymentMethod(method)}</Table.Td>
              <Table.Td>{typeLabel(method.payment_type)}</Table.Td>
              <Table.Td>{method.card_type ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
