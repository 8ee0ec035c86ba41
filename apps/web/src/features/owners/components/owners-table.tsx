import { Anchor, Table } from '@mantine/core';
import type { Owner } from '@paylane/shared/contracts/owners';
import { formatPhone } from '@paylane/shared/format';
import { Link, useLocation, useNavigate } from 'react-router';

export const formatShare = (percentage: number) => `${percentage.toFixed(2)}%`;

/** The merchant's owners and their shares; a row opens the current path plus its id (docs/product.md §2). */
export function OwnersTable({ owners }: { owners: Owner[] }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const rowPath = (id: string) => `${pathname.replace(/\/$/, '')}/${encodeURIComponent(id)}`;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th ta="right">Ownership</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {owners.map((owner) => (
            <Table.Tr
              key={owner.id}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(rowPath(owner.id))}
            >
              <Table.Td>
                <Anchor component={Link} to={rowPath(owner.id)} onClick={(event) => event.stopPropagation()}>
                  {owner.full_name}
                </Anchor>
              </Table.Td>
              <Table.Td>{owner.title}</Table.Td>
              <Table.Td>{owner.email}</Table.Td>
              <Table.Td>{formatPhone(owner.phone)}</Table.Td>
              <Table.Td ta="right">{formatShare(owner.ownership_percentage)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
