import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordInput } from '../../../components/password-input';
import { PASSWORD_RULE_HINT } from '../password-rule';

type NewPasswordFieldsProps = {
  /** 'Password' on sign-up, 'New Password' on reset. */
  label: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirm?: string | undefined };
};

/** A new password with the rule shown up front, and its confirmation (docs/product.md §5 password, passwordConfirmed). */
export function NewPasswordFields({ label, password, confirm, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={label}
        description={PASSWORD_RULE_HINT}
        autoComplete="new-password"
        error={errors.password}
        {...password}
      />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirm}
        {...confirm}
      />
    </>
  );
}
