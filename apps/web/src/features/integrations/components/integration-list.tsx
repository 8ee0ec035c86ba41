import { Badge, Switch, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Integration } from '@paylane/shared/contracts/integrations';
import { useDisableIntegration } from '../api/disable-integration';
import { useEnableIntegration } from '../api/enable-integration';

type Props = { merchantId: string; integrations: Integration[] };

/** Every integration with an on/off switch; turning one off asks first (docs/product.md §8). */
export function IntegrationList({ merchantId, integrations }: Props) {
  const enable = useEnableIntegration(merchantId);
  const disable = useDisableIntegration(merchantId);
  const busyType = enable.isPending ? enable.variables : disable.isPending ? disable.variables : null;

  const confirmDisable = (integration: Integration) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Disable Integration',
      children: (
        <Text size="sm">
          Disabling the merchant integration may impact payment processing. Are you sure you want to disable{' '}
          {integration.name}?
        </Text>
      ),
      labels: { confirm: 'Disable', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => disable.mutate(integration.integration_type),
    });

  const onToggle = (integration: Integration, isOn: boolean) => {
    if (isOn) enable.mutate(integration.integration_type);
    else confirmDisable(integration);
  };

  return (
    <Table aria-label="Integrations">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Integration</Table.Th>
          <Table.Th>Credentials</Table.Th>
          <Table.Th>Enabled</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {integrations.map((integration) => (
          <Table.Tr key={integration.integration_type}>
            <Table.Td>{integration.name}</Table.Td>
            <Table.Td>
              <Badge color={integration.has_credentials ? 'green' : 'gray'} variant="light">
                {integration.has_credentials ? 'Saved' : 'Not set'}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Switch
                aria-label={`${integration.name} enabled`}
                checked={integration.is_enabled}
                disabled={busyType === integration.integration_type}
                onChange={(event) => onToggle(integration, event.currentTarget.checked)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
