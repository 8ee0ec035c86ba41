import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import {
  payLinkVerifySchema,
  type PayLinkSession,
  type PayLinkSummary,
} from '@paylane/shared/contracts/pay-links';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { applyServerErrors } from '../../../lib/form-errors';
import { useVerifyPayLink } from '../api/verify-pay-link';

// The payer proves who they are before anything of the account is shown (issue 16 item 6): with the account's
// PIN when it has one (asked first: fewer keystrokes on a phone, and nothing personal to type), or with last
// name and date of birth, which always works. Wrong answers either way count toward the same lock.
type VerifyWith = PayLinkSummary['verify_with'];
type Props = {
  token: string;
  verifyWith: VerifyWith;
  onVerified: (session: PayLinkSession) => void;
};

export function PayLinkVerifyForm(props: Props) {
  const [mode, setMode] = useState<VerifyWith>(props.verifyWith);
  const hasPin = props.verifyWith === 'pin';
  const switchTo = (next: VerifyWith) => (
    <Button variant="subtle" size="compact-sm" onClick={() => setMode(next)}>
      {next === 'pin' ? 'Use my PIN instead' : 'Use last name and date of birth instead'}
    </Button>
  );
  return (
    <Stack>
      {mode === 'pin' ? (
        <PinForm token={props.token} onVerified={props.onVerified} />
      ) : (
        <NameAndBirthDateForm token={props.token} onVerified={props.onVerified} />
      )}
      {hasPin ? switchTo(mode === 'pin' ? 'last_name_and_date_of_birth' : 'pin') : null}
    </Stack>
  );
}

type FormProps = Omit<Props, 'verifyWith'>;

const pinSchema = payLinkVerifySchema.options[0];
type PinInput = z.input<typeof pinSchema>;

function PinForm({ token, onVerified }: FormProps) {
  const verify = useVerifyPayLink(token);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<PinInput, unknown, z.output<typeof pinSchema>>({
    resolver: zodResolver(pinSchema),
    defaultValues: { pin: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      onVerified(await verify.mutateAsync(values));
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, ['pin']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">To see your account and pay, enter your account's PIN.</Text>
        <FormAlert messages={formMessages} />
        <PasswordInput
          label="PIN"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          {...form.register('pin')}
          error={form.formState.errors.pin?.message}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

const nameSchema = payLinkVerifySchema.options[1];
type NameInput = z.input<typeof nameSchema>;

function NameAndBirthDateForm({ token, onVerified }: FormProps) {
  const verify = useVerifyPayLink(token);
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<NameInput, unknown, z.output<typeof nameSchema>>({
    resolver: zodResolver(nameSchema),
    defaultValues: { last_name: '', date_of_birth: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      onVerified(await verify.mutateAsync(values));
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
