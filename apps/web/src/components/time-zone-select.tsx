import { Select, type ComboboxData } from '@mantine/core';
import { isTimeZone } from '@paylane/shared/validation';
import { useMemo, type Ref } from 'react';

/** The zones of US merchants and locations (docs/product.md §9 states include DC and Puerto Rico), listed first. */
export const usTimeZones = [
  { value: 'America/New_York', label: 'Eastern — America/New_York' },
  { value: 'America/Chicago', label: 'Central — America/Chicago' },
  { value: 'America/Denver', label: 'Mountain — America/Denver' },
  { value: 'America/Phoenix', label: 'Mountain, no DST — America/Phoenix' },
  { value: 'America/Los_Angeles', label: 'Pacific — America/Los_Angeles' },
  { value: 'America/Anchorage', label: 'Alaska — America/Anchorage' },
  { value: 'Pacific/Honolulu', label: 'Hawaii — Pacific/Honolulu' },
  { value: 'America/Puerto_Rico', label: 'Atlantic — America/Puerto_Rico' },
] as const;

const usZoneNames = new Set<string>(usTimeZones.map((zone) => zone.value));
let otherZones: string[] | null = null;

/**
 * The US zones, then every other IANA zone the browser knows and the server accepts (docs/product.md §5: 'Time
 * zone is not valid' otherwise), keeping a current zone the browser lacks so a saved value still shows.
 */
export function timeZoneSelectData(current: string): ComboboxData {
  otherZones ??= Intl.supportedValuesOf('timeZone').filter(
    (zone) => isTimeZone(zone) && !usZoneNames.has(zone),
  );
  const isListed = !current || usZoneNames.has(current) || otherZones.includes(current);
  return [
    { group: 'United States', items: [...usTimeZones] },
    { group: 'Other zones', items: isListed ? otherZones : [current, ...otherZones] },
  ];
}

type Props = {
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  error?: string;
  label?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The one time-zone picker (merchant, merchant settings, location): searchable by region or zone name. About
 * 420 zones: typing narrows them, and only the first matches render, since rendering them all makes every
 * keystroke slow.
 */
export function TimeZoneSelect({ value, onChange, onBlur, error, label = 'Time Zone', name, ref }: Props) {
  const data = useMemo(() => timeZoneSelectData(value), [value]);
  return (
    <Select
      ref={ref}
      name={name}
      label={label}
      withAsterisk
      searchable
      allowDeselect={false}
      limit={60}
      nothingFoundMessage="No time zone matches"
      data={data}
      value={value || null}
      onChange={(zone) => onChange(zone ?? '')}
      onBlur={onBlur}
      error={error}
    />
  );
}
