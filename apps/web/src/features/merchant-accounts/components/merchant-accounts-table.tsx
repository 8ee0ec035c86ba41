import { Anchor, Table } from '@mantine/core';
import type { MerchantAccount } from '@paylane/shared/contracts/merchant-accounts';
import { formatBasisPoints, formatCurrency } from '@paylane/shared/format';
import { Link, useLocation, useNavigate } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { processorLabels } from '../processors';

/** Merchant accounts with their fees; a row opens the current path plus its id (docs/product.md §2 shared behaviour). */
export function MerchantAccountsTable({ accounts }: { accounts: MerchantAccount[] }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const rowPath = (id: string) => `${pathname.replace(/\/$/, '')}/${encodeURIComponent(id)}`;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Processor</Table.Th>
            <Table.Th ta="right">Card Fee</Table.Th>
            <Table.Th ta="right">ACH Fee</Table.Th>
            <Table.Th ta="right">Convenience Fee</Table.Th>
            <Table.Th ta="right">Monthly Volume</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <Table.Tr
              key={account.id}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(rowPath(account.id))}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={rowPath(account.id)}
                  onClick={(event) => event.stopPropagation()}
                >
                  {account.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{account.location_name}</Table.Td>
              <Table.Td>{processorLabels[account.processor]}</Table.Td>
              <Table.Td ta="right">{formatBasisPoints(account.card_fee_bps)}</Table.Td>
              <Table.Td ta="right">{formatBasisPoints(account.ach_fee_bps)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(account.convenience_fee_cents)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(account.monthly_volume_cents)}</Table.Td>
              <Table.Td>
                <StatusBadge status={account.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
