import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountTagWriteSchema,
  type AccountTag,
  type AccountTagWrite,
  type AccountTagWriteInput,
} from '@paylane/shared/contracts/account-tags';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateAccountTag } from '../api/create-account-tag';
import { useUpdateAccountTag } from '../api/update-account-tag';

type Props = {
  merchantId: string;
  /** The tag to rename; null adds a new one. */
  tag: AccountTag | null;
  onClose: () => void;
};

/** Add or rename a tag. Mount it only while open, so each opening starts from the tag's current name. */
export function AccountTagFormModal({ merchantId, tag, onClose }: Props) {
  const create = useCreateAccountTag(merchantId);
  const update = useUpdateAccountTag(merchantId);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<AccountTagWriteInput, unknown, AccountTagWrite>({
    resolver: zodResolver(accountTagWriteSchema),
    defaultValues: { name: tag?.name ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      if (tag) await update.mutateAsync({ id: tag.id, ...values });
      else await create.mutateAsync(values);
      onClose();
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['name']));
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={tag ? 'Rename Tag' : 'Add Tag'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert messages={formMessages} />
          <TextInput
            label="Tag Name"
            withAsterisk
            data-autofocus
            {...form.register('name')}
            error={form.formState.errors.name?.message}
          />
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
