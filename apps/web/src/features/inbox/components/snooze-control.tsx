import { Button, Menu } from '@mantine/core';
import type { InboxEntry } from '@paylane/shared/contracts/inbox';
import { formatDateTime } from '../../../lib/date-time';
import { snoozeOptions } from '../snooze-options';

type Props = {
  entry: InboxEntry;
  timeZone: string | null;
  isPending: boolean;
  /** Snooze until then; null: wake it now. */
  onSnooze: (until: Date | null) => void;
};

/**
 * Snooze in the open conversation's header (issue 20): put it away until a time on the merchant's clock or
 * the customer's next text; once snoozed, until when, and Unsnooze.
 */
export function SnoozeControl({ entry, timeZone, isPending, onSnooze }: Props) {
  if (entry.snoozed_until !== null) {
    const until = `Snoozed until ${formatDateTime(entry.snoozed_until, timeZone)}`;
    // The header is narrow beside the list and the customer: the time is the button's hover, and the row's.
    return (
      <Button size="xs" variant="default" title={until} loading={isPending} onClick={() => onSnooze(null)}>
        Unsnooze
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" loading={isPending}>
          Snooze
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {snoozeOptions(new Date(), timeZone).map((option) => (
          <Menu.Item key={option.label} onClick={() => onSnooze(option.until)}>
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
