/** The zones of US locations (docs/product.md §9 states include DC and Puerto Rico); the server accepts any IANA zone. */
export const usTimeZones = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
] as const;

/** The options, keeping a zone a location already has even when it is not one of ours. */
export function timeZoneOptions(current: string | undefined) {
  const options: { value: string; label: string }[] = [...usTimeZones];
  if (current && !options.some((option) => option.value === current))
    options.push({ value: current, label: current });
  return options;
}
