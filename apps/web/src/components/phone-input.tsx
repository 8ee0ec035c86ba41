import { TextInput, type TextInputProps } from '@mantine/core';
import { AsYouType } from 'libphonenumber-js';
import type { Ref } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

// docs/product.md §5: phones are US or CA only, typed in national format, at most 14 characters: '(###) ###-####'.
// Both countries share +1 and the same national plan, so libphonenumber's US formatter serves both; the
// shared phone rule decides validity (and the country) when the form is checked.

const MAX_LENGTH = 14;

/** The national digits: a leading country code 1 is dropped (no US/CA area code starts with 1). */
function nationalDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return (digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/**
 * The text to show after an edit. Deleting only punctuation (the ')' of '(214)') would give the same digits
 * back and the formatter would put it back again, so such a delete removes the last digit instead.
 */
export function nextPhoneText(previous: string, typed: string): string {
  let digits = nationalDigits(typed);
  if (typed.length < previous.length && digits === nationalDigits(previous)) digits = digits.slice(0, -1);
  return digits ? new AsYouType('US').input(digits) : '';
}

type PhoneInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'maxLength'> & {
  ref?: Ref<HTMLInputElement>;
  value: string | null | undefined;
  onChange: (value: string) => void;
};

/** A phone field that formats as the user types; the value is the shown text (the schema makes it E.164). */
export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  const shown = value ? nextPhoneText('', value) : '';
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 555-5555"
      {...props}
      maxLength={MAX_LENGTH}
      value={shown}
      onChange={(event) => onChange(nextPhoneText(shown, event.currentTarget.value))}
    />
  );
}

/** PhoneInput bound to a react-hook-form field, its error shown under it. */
export function FormPhoneInput<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<PhoneInputProps, 'value' | 'onChange' | 'error'> & { control: Control<T>; name: Path<T> }) {
  const { field, fieldState } = useController({ control, name });
  const { ref, value, onChange, onBlur } = field;
  return (
    <PhoneInput
      {...props}
      ref={ref}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
