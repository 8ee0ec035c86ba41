import { Group, Select, Text } from '@mantine/core';
import { formatDate } from '@paylane/shared/format';
import { isIsoDate, validationMessages } from '@paylane/shared/validation';
import { useState } from 'react';
import { DateInput } from '../date-input';
import { dateRangePresets, isDateRangePreset, presetRange, type DateRange } from './date-range-presets';

type Props = {
  /** Names the preset select ('Date range'); the custom inputs are named after it. */
  label?: string;
  value: DateRange;
  /** Called with complete ranges only: a preset's days, or Custom once both days are dates ('' = open). */
  onChange: (range: DateRange) => void;
  /** Today on the merchant's clock (todayIn), which the presets count from. */
  today: string;
};

/**
 * The shared date-range picker (docs/product.md §2 shared behaviour): preset intervals plus Custom, which
 * shows two date columns with 'to' between them.
 */
export function DateRangePicker({ label = 'Date range', value, onChange, today }: Props) {
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Select
        label={label}
        w={180}
        allowDeselect={false}
        data={[...dateRangePresets]}
        value={value.preset}
        onChange={(preset) => {
          if (!isDateRangePreset(preset)) return;
          // Custom starts from the days shown, so a preset can be adjusted by a day.
          onChange(preset === 'custom' ? { ...value, preset } : presetRange(preset, today));
        }}
      />
      {value.preset === 'custom' ? <CustomDays label={label} value={value} onChange={onChange} /> : null}
    </Group>
  );
}

/** 'Date must be after {after}' of docs/product.md §5, when the end comes before the start. */
const endBeforeStart = (start: string) => `Date must be after ${formatDate(start)}`;

const isDayOrOpen = (text: string) => text === '' || isIsoDate(text);

function CustomDays({ label, value, onChange }: Omit<Props, 'today'> & { label: string }) {
  // What is typed, which may not be a date yet; the range changes only when both ends make sense.
  const [draft, setDraft] = useState({ start: value.start, end: value.end });
  const isOrdered = !draft.start || !draft.end || draft.start <= draft.end;
  const update = (patch: Partial<typeof draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const isComplete = isDayOrOpen(next.start) && isDayOrOpen(next.end);
    if (isComplete && (!next.start || !next.end || next.start <= next.end))
      onChange({ preset: 'custom', ...next });
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" role="group" aria-label={`${label}: custom days`}>
      <DateInput
        label="From"
        w={150}
        value={draft.start}
        onChange={(start) => update({ start })}
        error={isDayOrOpen(draft.start) ? undefined : validationMessages.date}
        clearable
        // The clear button is an icon: name it (axe button-name).
        clearButtonProps={{ 'aria-label': 'Clear the From date' }}
      />
      {/* The spec's separator between the two columns; the inputs' own labels say which end is which. */}
      <Text mt={32} c="dimmed" aria-hidden>
        to
      </Text>
      <DateInput
        label="To"
        w={150}
        value={draft.end}
        onChange={(end) => update({ end })}
        minDate={isIsoDate(draft.start) ? draft.start : undefined}
        error={
          !isDayOrOpen(draft.end)
            ? validationMessages.date
            : isOrdered
              ? undefined
              : endBeforeStart(draft.start)
        }
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the To date' }}
      />
    </Group>
  );
}
