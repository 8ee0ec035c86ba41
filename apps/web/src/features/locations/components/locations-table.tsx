import { Anchor, Table } from '@mantine/core';
import type { Location } from '@paylane/shared/contracts/locations';
import { formatPhone } from '@paylane/shared/format';
import { Link, useLocation as useRouterLocation, useNavigate } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';

const addressOf = (location: Location) =>
  [location.address_line1, location.city, [location.state, location.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

/** The merchant's locations; a row opens the current path plus its id (docs/product.md §2 shared behaviour). */
export function LocationsTable({ locations }: { locations: Location[] }) {
  const { pathname } = useRouterLocation();
  const navigate = useNavigate();
  const rowPath = (id: string) => `${pathname.replace(/\/$/, '')}/${encodeURIComponent(id)}`;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Time Zone</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locations.map((location) => (
            <Table.Tr
              key={location.id}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(rowPath(location.id))}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={rowPath(location.id)}
                  onClick={(event) => event.stopPropagation()}
                >
                  {location.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{addressOf(location)}</Table.Td>
              <Table.Td>{formatPhone(location.phone)}</Table.Td>
              <Table.Td>{location.time_zone}</Table.Td>
              <Table.Td>
                <StatusBadge status={location.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
