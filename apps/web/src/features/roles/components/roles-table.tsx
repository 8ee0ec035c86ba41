import { Anchor, Table } from '@mantine/core';
import type { Role } from '@paylane/shared/contracts/roles';
import { permissionFlags } from '@paylane/shared/permissions';
import { Link } from 'react-router';
import { RowAction } from '../../../components/row-actions';

type RolesTableProps = { roles: Role[]; onDelete: (role: Role) => void };

/** The merchant's custom roles; a name links to the role (docs/product.md §2: the current path plus the row id). */
export function RolesTable({ roles, onDelete }: RolesTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Permissions</Table.Th>
            <Table.Th>Users</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roles.map((role) => (
            <Table.Tr key={role.id}>
              <Table.Td>
                <Anchor component={Link} to={encodeURIComponent(role.id)}>
                  {role.role_name}
                </Anchor>
              </Table.Td>
              <Table.Td>{role.role_description}</Table.Td>
              <Table.Td>
                {role.permissions.has_access.length} of {permissionFlags.length}
              </Table.Td>
              <Table.Td>{role.user_count}</Table.Td>
              <Table.Td>
                <RowAction danger aria-label={`Delete ${role.role_name}`} onClick={() => onDelete(role)}>
                  Delete
                </RowAction>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
