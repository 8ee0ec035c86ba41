import { Anchor, Table, Text } from '@mantine/core';
import {
  merchantIntegrationNames,
  type Merchant,
  type MerchantIntegrationType,
} from '@paylane/shared/contracts/merchants';
import { Link, useNavigate } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';

type Props = {
  merchants: Merchant[];
  /** Where a row leads: the merchant's page for super admins, its onboarding summary for partners. */
  linkTo: (merchant: Merchant) => string;
};

export function integrationName(type: string | null): string {
  if (!type) return 'None';
  return merchantIntegrationNames[type as MerchantIntegrationType] ?? type;
}

/** docs/product.md §2 shared behaviour: a row click opens the row; the name is also a real link for keyboards. */
export function MerchantsTable({ merchants, linkTo }: Props) {
  const navigate = useNavigate();
  return (
    <Table striped highlightOnHover aria-label="Merchants">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Integration</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {merchants.map((merchant) => (
          <Table.Tr
            key={merchant.id}
            style={{ cursor: 'pointer' }}
            onClick={() => void navigate(linkTo(merchant))}
          >
            <Table.Td>
              <Anchor component={Link} to={linkTo(merchant)} onClick={(event) => event.stopPropagation()}>
                {merchant.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={merchant.status} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{integrationName(merchant.integration_type)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
