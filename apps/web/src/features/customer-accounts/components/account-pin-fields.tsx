import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { PasswordInput } from '../../../components/password-input';

type PinInputProps = Omit<ComponentPropsWithoutRef<typeof PasswordInput>, 'label'>;

type Props = {
  /** Whether the account has a PIN now (has_pin); the PIN itself never reaches the browser. */
  hasPin: boolean;
  removePin: boolean;
  onRemovePinChange: (remove: boolean) => void;
  /** The registered inputs with their errors ('PIN must be 4 to 6 digits', 'Pins do not match'). */
  pin: PinInputProps;
  confirmPin: PinInputProps;
};

/**
 * The account's pay PIN (issue 16 item 6): 4–6 digits the customer may type on the pay page instead of
 * their last name and date of birth. Typed twice; empty keeps the current one; a checkbox removes it.
 */
export function AccountPinFields({ hasPin, removePin, onRemovePinChange, pin, confirmPin }: Props) {
  const pinInput = {
    inputMode: 'numeric',
    maxLength: 6,
    autoComplete: 'new-password',
    disabled: removePin,
  } as const;
  return (
    <Fieldset legend="Pay PIN" variant="unstyled">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {hasPin
            ? 'This account has a PIN. Type a new one to replace it, or leave these empty to keep it.'
            : 'Optional: 4 to 6 digits the customer can use on the pay page instead of last name and date of birth.'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput label="PIN" {...pinInput} {...pin} />
          <PasswordInput label="Confirm PIN" {...pinInput} {...confirmPin} />
        </SimpleGrid>
        {hasPin ? (
          <Checkbox
            label="Remove the PIN"
            checked={removePin}
            onChange={(event) => onRemovePinChange(event.currentTarget.checked)}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}
