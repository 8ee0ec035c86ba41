import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CustomerGroupDetail } from '@paylane/shared/contracts/customer-groups';
import { fillMessage, messages } from '@paylane/shared/messages';
import { useState } from 'react';
import { isShownOnForm } from '../../../lib/form-errors';
import { errorDetailText } from '../../../lib/notify';
import { useAddCustomerGroupMembers } from '../api/add-customer-group-members';
import { keyColumnValues } from '../../../lib/csv-file';
import { CsvKeyColumnUpload, type CsvRecipients } from '../../../components/csv-key-column-upload';

type Props = { merchantId: string; group: CustomerGroupDetail; onClose: () => void };

/**
 * Adds a CSV's customers to a group: the CSV holds Customer IDs (external ids), which the server finds
 * (find_by_external) and adds; customers already in the group stay. A long CSV goes in several requests.
 */
export function AddMembersModal({ merchantId, group, onClose }: Props) {
  const add = useAddCustomerGroupMembers(merchantId, group.id);
  const [csv, setCsv] = useState<CsvRecipients | null>(null);
  const column = csv?.column ?? null;

  const submit = () => {
    if (!csv || !column) return;
    add.mutate(
      { customers: keyColumnValues(csv.table, column), findByExternal: true },
      {
        onSuccess: (saved) => {
          const unknown = saved?.unknown_customers.length ?? 0;
          if (unknown > 0) {
            notifications.show({
              color: 'orange',
              message: fillMessage(messages.unknownCustomers, { n: unknown }),
            });
          }
          onClose();
        },
        // A refused save says why (5xx and network failures get the generic toast from the cache).
        onError: (error) => {
          if (isShownOnForm(error))
            notifications.show({ color: 'red', message: errorDetailText(error) || messages.genericError });
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Add Customers from CSV"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">Customers already in {group.name} stay; the CSV’s customers are added.</Text>
        <CsvKeyColumnUpload value={csv} onChange={setCsv} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!column} loading={add.isPending}>
            Add Customers
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
