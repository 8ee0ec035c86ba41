import { DateInput as MantineDateInput, type DateInputProps as MantineDateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import type { Ref } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

// docs/product.md §5: the date input shows MM/DD/YYYY, stores YYYY-MM-DD, at most 10 characters.

const DISPLAY_FORMAT = 'MM/DD/YYYY';

/** '07/04/1980' → '1980-07-04' when it names a real day (not 02/31), else null. */
export function parseUsDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, month, day, year] = match;
  const iso = `${year}-${month}-${day}`;
  const date = dayjs(iso);
  return date.isValid() && date.format('YYYY-MM-DD') === iso ? iso : null;
}

const isIso = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid();

type DateInputProps = Omit<
  MantineDateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'maxLength'
> & {
  ref?: Ref<HTMLInputElement>;
  /** YYYY-MM-DD, '' for none; anything else is text being typed that is not a date (yet). */
  value: string | null | undefined;
  onChange: (value: string) => void;
};

/**
 * Mantine's DateInput reports only complete, valid dates. The typed text is passed on too, so a form can
 * say 'Date is not valid' for text that is not a date instead of silently keeping the previous value.
 */
export function DateInput({ value, onChange, ...props }: DateInputProps) {
  return (
    <MantineDateInput
      placeholder={DISPLAY_FORMAT}
      {...props}
      maxLength={10}
      valueFormat={DISPLAY_FORMAT}
      dateParser={parseUsDate}
      fixOnBlur={false}
      value={value && isIso(value) ? value : null}
      onChange={(next) => onChange(next ?? '')}
      onInput={(event) => {
        const text = event.currentTarget.value;
        onChange(parseUsDate(text) ?? text);
      }}
    />
  );
}

/** DateInput bound to a react-hook-form field, its error shown under it. */
export function FormDateInput<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange' | 'error'> & { control: Control<T>; name: Path<T> }) {
  const { field, fieldState } = useController({ control, name });
  const { ref, value, onChange, onBlur } = field;
  return (
    <DateInput
      {...props}
      ref={ref}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
