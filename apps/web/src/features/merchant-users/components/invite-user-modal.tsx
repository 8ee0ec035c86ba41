import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { userInviteCreateSchema, type CustomRoleRef } from '@paylane/shared/contracts/merchant-users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useInviteMerchantUser } from '../api/invite-merchant-user';
import { RoleSelectFields } from './role-select-fields';

type InviteInput = z.input<typeof userInviteCreateSchema>;
type InviteValues = z.output<typeof userInviteCreateSchema>;

const FIELDS = ['email', 'first_name', 'last_name', 'role', 'custom_role_id'] as const;
const EMPTY: InviteInput = { email: '', first_name: '', last_name: '', role: 'staff', custom_role_id: null };

type InviteUserModalProps = {
  merchantId: string;
  opened: boolean;
  onClose: () => void;
  canGrantAdmin: boolean;
  customRoles: CustomRoleRef[] | null;
};

/** Invite User: the new user gets an email with a link to set their password. */
export function InviteUserModal({ merchantId, opened, onClose, ...roles }: InviteUserModalProps) {
  const invite = useInviteMerchantUser(merchantId);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(userInviteCreateSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setFormMessages([]);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      const user = await invite.mutateAsync(values);
      notifications.show({ color: 'green', message: `Invitation sent to ${user.email}` });
      close();
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Invite User" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert messages={formMessages} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="First Name"
              error={errors.first_name?.message}
              {...form.register('first_name')}
            />
            <TextInput label="Last Name" error={errors.last_name?.message} {...form.register('last_name')} />
          </Group>
          <RoleSelectFields
            control={form.control}
            errors={{ role: errors.role?.message, custom_role_id: errors.custom_role_id?.message }}
            {...roles}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
