import { PasswordInput as MantinePasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/**
 * Mantine's PasswordInput with two accessibility fixes: its visibility toggle is labelled 'Toggle password
 * visibility', which label queries for 'Password' also match, so the label here avoids the field's name;
 * and the inner input gets aria-invalid when there is an error (Mantine sets it only on other inputs).
 */
export function PasswordInput(props: ComponentProps<typeof MantinePasswordInput>) {
  return (
    <MantinePasswordInput
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the typed characters' }}
    />
  );
}
