import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CustomerGroupDetail } from '@paylane/shared/contracts/customer-groups';
import { fillMessage, messages } from '@paylane/shared/messages';
import { useState } from 'react';
import { isShownOnForm } from '../../../lib/form-errors';
import { errorDetailText, reportUnhandledError } from '../../../lib/notify';
import { retrieveOptouts } from '../api/retrieve-optouts';
import { useUpdateCustomerGroup } from '../api/update-customer-group';
import { keyColumnValues } from '../csv-file';
import { CsvKeyColumnUpload, type CsvRecipients } from './csv-key-column-upload';

type Props = { merchantId: string; group: CustomerGroupDetail; onClose: () => void };

/**
 * Adds a CSV's customers to a group. The CSV holds Customer IDs (external ids) while the group's list is of
 * our ids, so the ids are looked up first (retrieve_optouts with find_by_external), then the whole new list
 * is saved.
 */
export function AddMembersModal({ merchantId, group, onClose }: Props) {
  const update = useUpdateCustomerGroup(merchantId);
  const [csv, setCsv] = useState<CsvRecipients | null>(null);
  const [isLooking, setIsLooking] = useState(false);
  const column = csv?.column ?? null;

  const add = async () => {
    if (!csv || !column) return;
    setIsLooking(true);
    const found = await retrieveOptouts(merchantId, keyColumnValues(csv.table, column), true).catch(
      (error: unknown) => {
        reportUnhandledError(error);
        return null;
      },
    );
    setIsLooking(false);
    if (!found) return;
    const known = [...found.customers, ...found.optout_customers].map((customer) => customer.id);
    const ids = [...new Set([...group.customer_m2m, ...known])];
    update.mutate(
      { groupId: group.id, data: { customers: ids } },
      {
        onSuccess: () => {
          if (found.unknown_customers.length > 0) {
            notifications.show({
              color: 'orange',
              message: fillMessage(messages.unknownCustomers, { n: found.unknown_customers.length }),
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
          <Button onClick={() => void add()} disabled={!column} loading={isLooking || update.isPending}>
            Add Customers
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
