import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createCustomerGroupSchema, type CustomerGroup } from '@paylane/shared/contracts/customer-groups';
import { fillMessage, messages } from '@paylane/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateCustomerGroup } from '../api/create-customer-group';
import { useUpdateCustomerGroup } from '../api/update-customer-group';
import { keyColumnValues } from '../../../lib/csv-file';
import { CsvKeyColumnUpload, type CsvRecipients } from '../../../components/csv-key-column-upload';

const nameFormSchema = z.object({ name: createCustomerGroupSchema.shape.name });
type NameForm = z.infer<typeof nameFormSchema>;

type Props = {
  merchantId: string;
  /** null: a new group, optionally filled from a CSV. A group: renaming it. */
  group: CustomerGroup | null;
  /** A new group of these customers (our ids), e.g. the customer list's selection. */
  customerIds?: readonly string[];
  onClose: () => void;
  onSaved?: (group: CustomerGroup) => void;
};

/** docs/product.md §7 groups: create (from a selection or a CSV with find_by_external) or rename. */
export function GroupFormModal({ merchantId, group, customerIds, onClose, onSaved }: Props) {
  const create = useCreateCustomerGroup(merchantId);
  const update = useUpdateCustomerGroup(merchantId);
  const [csv, setCsv] = useState<CsvRecipients | null>(null);
  const [csvError, setCsvError] = useState<string>();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<NameForm>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: group?.name ?? '' },
  });
  const isFromSelection = customerIds !== undefined;
  const title = group ? 'Rename Group' : isFromSelection ? 'Save as Group' : 'Create Group';

  const submit = form.handleSubmit(async ({ name }) => {
    setFormMessages([]);
    if (csv && !csv.column) {
      setCsvError(messages.required);
      return;
    }
    try {
      const saved = group
        ? await update.mutateAsync({ groupId: group.id, data: { name } })
        : await create.mutateAsync({
            name,
            customers: csv?.column ? keyColumnValues(csv.table, csv.column) : [...(customerIds ?? [])],
            find_by_external: Boolean(csv?.column),
          });
      if (saved.unknown_customers.length > 0) {
        notifications.show({
          color: 'orange',
          message: fillMessage(messages.unknownCustomers, { n: saved.unknown_customers.length }),
        });
      }
      notifications.show({ color: 'green', message: `Group '${saved.name}' saved`, autoClose: 2000 });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['name']));
    }
  });

  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert messages={formMessages} />
          <TextInput
            label="Group Name"
            withAsterisk
            data-autofocus
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          {isFromSelection ? (
            <Text size="sm">
              {customerIds.length === 1 ? '1 selected customer' : `${customerIds.length} selected customers`}
            </Text>
          ) : null}
          {!group && !isFromSelection ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Customers from a CSV (optional)
              </Text>
              <CsvKeyColumnUpload
                value={csv}
                onChange={(next) => {
                  setCsv(next);
                  setCsvError(undefined);
                }}
                error={csvError}
              />
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
