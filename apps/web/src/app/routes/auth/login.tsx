import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { tokenRequestSchema, type TokenRequest } from '@paylane/shared/contracts/sign-in';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { Link, redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { PublicPage } from '../../../components/public-page';
import { useCreateToken } from '../../../features/auth/api/create-token';
import { applyServerErrors } from '../../../lib/form-errors';
import { safeNextPath } from '../../../lib/safe-next';
import { getSessionStatus, signIn, startSession } from '../../../lib/session';

type LoginField = keyof TokenRequest;
type LoginErrors = Partial<Record<LoginField, string>>;
const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];

/** A signed-in user who opens /login goes on to `next` (or home) instead. */
export async function loginLoader({ request }: LoaderFunctionArgs) {
  await startSession();
  if (getSessionStatus() === 'authenticated') {
    throw redirect(safeNextPath(new URL(request.url).searchParams.get('next')));
  }
  return null;
}

/** The shared contract's verdict on the form: the values to send, or the first message of each field. */
function validateLogin(values: TokenRequest): { data: TokenRequest | null; errors: LoginErrors } {
  const parsed = tokenRequestSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = LOGIN_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/**
 * The form keeps react-hook-form's behaviour without it (the sign-in page stays under its size budget,
 * docs/conventions.md §7): checked on submit, the first invalid field focused, and after a submit a field is
 * checked again as it is typed in.
 */
function useLoginForm() {
  const [values, setValues] = useState<TokenRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const setError = (field: LoginField, message: string, shouldFocus: boolean) => {
    setErrors((current) => ({ ...current, [field]: message }));
    if (shouldFocus) inputs.current[field]?.focus();
  };

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (isSubmitted) setErrors((current) => ({ ...current, [name]: validateLogin(next).errors[name] }));
    },
  });

  /** The values to send, or null after showing why not. */
  const submit = (): TokenRequest | null => {
    setIsSubmitted(true);
    const { data, errors: found } = validateLogin(values);
    setErrors(found);
    const firstInvalid = LOGIN_FIELDS.find((name) => found[name]);
    if (firstInvalid) inputs.current[firstInvalid]?.focus();
    return data;
  };

  return { field, submit, setError };
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const createToken = useCreateToken();
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useLoginForm();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.submit();
    if (!values) return;
    setFormMessages([]);
    try {
      signIn(await createToken.mutateAsync(values));
      await navigate(safeNextPath(searchParams.get('next')), { replace: true });
    } catch (error) {
      const setServerError: UseFormSetError<TokenRequest> = (name, { message = '' }, options) => {
        if (name === 'email' || name === 'password')
          form.setError(name, message, Boolean(options?.shouldFocus));
      };
      setFormMessages(applyServerErrors(error, setServerError, LOGIN_FIELDS));
    }
  };

  return (
    <PublicPage title="Merchant Login">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <FormAlert messages={formMessages} />
          <TextInput label="Email" type="email" autoComplete="username" {...form.field('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.field('password')} />
          <Button type="submit" loading={createToken.isPending} fullWidth>
            Sign In
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Trouble logging in?
          </Anchor>
        </Stack>
      </form>
    </PublicPage>
  );
}
