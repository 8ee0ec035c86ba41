import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { payLinkVerifySchema, type PayLinkSession } from '@paylane/shared/contracts/pay-links';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useVerifyPayLink } from '../api/verify-pay-link';

// The account's PIN is not kept (docs/product.md §3), so the page always asks for last name and birth date.
const verifySchema = payLinkVerifySchema.options[1];
type VerifyInput = z.input<typeof verifySchema>;
type VerifyValues = z.output<typeof verifySchema>;

/** The payer proves who they are before anything of the account is shown (issue 16 item 6). */
export function PayLinkVerifyForm(props: { token: string; onVerified: (session: PayLinkSession) => void }) {
  const verify = useVerifyPayLink(props.token);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<VerifyInput, unknown, VerifyValues>({
    resolver: zodResolver(verifySchema),
    defaultValues: { last_name: '', date_of_birth: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      props.onVerified(await verify.mutateAsync(values));
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['last_name', 'date_of_birth']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">To see your account and pay, confirm who you are.</Text>
        <FormAlert messages={formMessages} />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          {...form.register('last_name')}
          error={errors.last_name?.message}
        />
        <TextInput
          label="Date of birth"
          type="date"
          autoComplete="bday"
          {...form.register('date_of_birth')}
          error={errors.date_of_birth?.message}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
