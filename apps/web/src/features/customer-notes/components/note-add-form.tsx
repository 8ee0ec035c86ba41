import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Paper, Stack, Textarea } from '@mantine/core';
import {
  customerNoteWriteSchema,
  type CustomerNoteWriteInput,
} from '@paylane/shared/contracts/customer-notes';
import { type CustomerAccount } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateCustomerNote } from '../api/create-customer-note';

type Props = {
  merchantId: string;
  customerId: string;
  accounts: readonly CustomerAccount[];
  /** 'Account 1001' for the account picker. */
  accountLabel: (account: CustomerAccount) => string;
  /** After the note is saved (the inbox's panel closes its modal). */
  onSaved?: () => void;
};

/** A new note, about the customer or one of their accounts (the shared rules: text required, 5000 at most). */
export function NoteAddForm({ merchantId, customerId, accounts, accountLabel, onSaved }: Props) {
  const create = useCreateCustomerNote(merchantId, customerId);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<CustomerNoteWriteInput>({
    resolver: zodResolver(customerNoteWriteSchema),
    defaultValues: { body: '', account: null },
  });
  const accountOptions = [
    { value: '', label: 'The customer (no account)' },
    ...accounts.map((account) => ({ value: account.id, label: accountLabel(account) })),
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      await create.mutateAsync({ body: values.body, account: values.account || null });
      form.reset({ body: '', account: values.account ?? null });
      onSaved?.();
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['body', 'account']));
    }
  });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Add a note"
    >
      <Stack gap="sm">
        <FormAlert messages={formMessages} />
        <Textarea
          label="Note"
          withAsterisk
          rows={4}
          {...form.register('body')}
          error={form.formState.errors.body?.message}
        />
        <Group align="flex-end" justify="space-between">
          {accounts.length > 0 ? (
            <NativeSelect
              label="Account"
              data={accountOptions}
              {...form.register('account')}
              error={form.formState.errors.account?.message}
            />
          ) : (
            <span />
          )}
          <Button type="submit" loading={form.formState.isSubmitting}>
            Add Note
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
