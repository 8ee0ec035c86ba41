import { Table } from '@mantine/core';
import type { MerchantUser } from '@paylane/shared/contracts/merchant-users';
import { displayRoles } from '@paylane/shared/permissions';
import dayjs from 'dayjs';
import { formatFullName } from '../../../lib/format';
import { StatusBadge } from '../../../components/status-badge';
import { RowAction, RowActions as RowActionGroup } from '../../../components/row-actions';

export type UserRowActions = {
  onChangeRole: (user: MerchantUser) => void;
  onResend: (user: MerchantUser) => void;
  onDisable: (user: MerchantUser) => void;
  onEnable: (user: MerchantUser) => void;
};

type UsersTableProps = UserRowActions & {
  users: MerchantUser[];
  /** docs/product.md §3 role display keeps only the first role on custom-role merchants. */
  hasCustomRoles: boolean;
  /** A user manager through a custom role does not touch admins (the server refuses it too). */
  canManageAdmins: boolean;
};

export function UsersTable({ users, hasCustomRoles, canManageAdmins, ...actions }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{formatFullName(user)}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{displayRoles(user.roles, hasCustomRoles) || 'No role'}</Table.Td>
              <Table.Td>
                <StatusBadge status={user.status} />
              </Table.Td>
              <Table.Td>{dayjs(user.created).format('MM/DD/YYYY')}</Table.Td>
              <Table.Td>
                {canManageAdmins || user.role !== 'admin' ? <RowActions user={user} {...actions} /> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowActions({ user, ...actions }: UserRowActions & { user: MerchantUser }) {
  const name = formatFullName(user);
  return (
    <RowActionGroup>
      <RowAction aria-label={`Change role of ${name}`} onClick={() => actions.onChangeRole(user)}>
        Change Role
      </RowAction>
      {user.is_pending && user.is_active ? (
        <RowAction aria-label={`Resend invite to ${name}`} onClick={() => actions.onResend(user)}>
          Resend
        </RowAction>
      ) : null}
      {user.is_active ? (
        <RowAction danger aria-label={`Disable ${name}`} onClick={() => actions.onDisable(user)}>
          Disable
        </RowAction>
      ) : (
        <RowAction aria-label={`Enable ${name}`} onClick={() => actions.onEnable(user)}>
          Enable
        </RowAction>
      )}
    </RowActionGroup>
  );
}
