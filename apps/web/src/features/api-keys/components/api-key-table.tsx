import { Badge, Code, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { API_KEY_READABLE_PREFIX, type ApiKey } from '@paylane/shared/contracts/api-keys';
import dayjs from 'dayjs';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { RowAction } from '../../../components/row-actions';

/** docs/product.md §9: dates MM/DD/YYYY. */
const formatDate = (iso: string) => dayjs(iso).format('MM/DD/YYYY');
const formatLastUsed = (iso: string | null) => (iso ? dayjs(iso).format('MM/DD/YYYY h:mm A') : 'Never');

type Props = { merchantId: string; apiKeys: ApiKey[] };

export function ApiKeyTable({ merchantId, apiKeys }: Props) {
  const revoke = useRevokeApiKey(merchantId);

  const confirmRevoke = (apiKey: ApiKey) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Revoke API Key',
      children: (
        <Text size="sm">
          Are you sure you want to revoke {apiKey.name}? Anything using this key stops working at once.
        </Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(apiKey.id),
    });

  return (
    <Table striped aria-label="API keys">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Key</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th>Created By</Table.Th>
          <Table.Th>Last Used</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {apiKeys.map((apiKey) => (
          <Table.Tr key={apiKey.id}>
            <Table.Td>{apiKey.name}</Table.Td>
            <Table.Td>
              <Code>{`${API_KEY_READABLE_PREFIX}${apiKey.prefix}…`}</Code>
            </Table.Td>
            <Table.Td>{formatDate(apiKey.created)}</Table.Td>
            <Table.Td>{apiKey.created_by ?? ''}</Table.Td>
            <Table.Td>{formatLastUsed(apiKey.last_used)}</Table.Td>
            <Table.Td>
              {/* docs/product.md §4 table colours: active success, closed or inactive muted. */}
              <Badge color={apiKey.revoked ? 'gray' : 'green'} variant="light">
                {apiKey.revoked ? 'Revoked' : 'Active'}
              </Badge>
            </Table.Td>
            <Table.Td>
              {!apiKey.revoked && (
                <RowAction danger aria-label={`Revoke ${apiKey.name}`} onClick={() => confirmRevoke(apiKey)}>
                  Revoke
                </RowAction>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
