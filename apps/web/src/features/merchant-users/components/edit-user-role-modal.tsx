import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  merchantUserUpdateSchema,
  type CustomRoleRef,
  type MerchantUser,
} from '@paylane/shared/contracts/merchant-users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatFullName } from '../../../lib/format';
import { useUpdateMerchantUser } from '../api/update-merchant-user';
import { RoleSelectFields } from './role-select-fields';

type UpdateInput = z.input<typeof merchantUserUpdateSchema>;
type UpdateValues = z.output<typeof merchantUserUpdateSchema>;

type EditUserRoleModalProps = {
  merchantId: string;
  user: MerchantUser;
  onClose: () => void;
  canGrantAdmin: boolean;
  customRoles: CustomRoleRef[] | null;
};

/** Change Role: the standard role and the custom role of one user (mounted per user being edited). */
export function EditUserRoleModal({ merchantId, user, onClose, ...roles }: EditUserRoleModalProps) {
  const update = useUpdateMerchantUser(merchantId);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<UpdateInput, unknown, UpdateValues>({
    resolver: zodResolver(merchantUserUpdateSchema),
    defaultValues: { role: user.role ?? undefined, custom_role_id: user.custom_role?.id ?? null },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      // Without the custom-role select the custom role stays as it is.
      const data = roles.customRoles ? values : { role: values.role };
      await update.mutateAsync({ userId: user.id, data });
      notifications.show({ color: 'green', message: `Role of ${formatFullName(user)} saved` });
      onClose();
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['role', 'custom_role_id']));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Change Role" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">
            {formatFullName(user)} ({user.email})
          </Text>
          <FormAlert messages={formMessages} />
          <RoleSelectFields
            control={form.control}
            errors={{ role: errors.role?.message, custom_role_id: errors.custom_role_id?.message }}
            {...roles}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
