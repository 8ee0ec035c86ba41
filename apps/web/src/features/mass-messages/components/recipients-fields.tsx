import { messages } from '@paylane/shared/messages';
import { Alert, Group, Loader, Radio, Select, Stack, Text } from '@mantine/core';
import { usePickableGroups } from '../../customer-groups/api/list-customer-groups';
import { CsvKeyColumnUpload, type CsvRecipients } from '../../../components/csv-key-column-upload';
import type { useRecipients } from '../hooks/use-recipients';

export type RecipientMode = 'selected' | 'group' | 'csv';

type Props = {
  merchantId: string;
  mode: RecipientMode;
  onModeChange: (mode: RecipientMode) => void;
  /** How many customers were chosen before opening (0: none). */
  selectedCount: number;
  groupId: string | null;
  onGroupChange: (groupId: string | null) => void;
  csv: CsvRecipients | null;
  onCsvChange: (csv: CsvRecipients | null) => void;
  recipients: ReturnType<typeof useRecipients>;
  disabled: boolean;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** docs/product.md §2 compose recipients: by group or CSV upload; CSV is disabled when customers are already selected. */
export function RecipientsFields(props: Props) {
  const { mode, selectedCount, disabled } = props;
  const groups = usePickableGroups(props.merchantId);
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Recipients"
        value={mode}
        onChange={(value) => props.onModeChange(value as RecipientMode)}
      >
        <Group gap="lg" mt={4}>
          {selectedCount > 0 ? (
            <Radio value="selected" label={`Selected customers (${selectedCount})`} disabled={disabled} />
          ) : null}
          <Radio value="group" label="Group" disabled={disabled} />
          <Radio
            value="csv"
            label="CSV upload"
            // docs/product.md §5: CSV is disabled when customers are already selected.
            disabled={disabled || selectedCount > 0}
          />
        </Group>
      </Radio.Group>
      {mode === 'group' ? (
        <Select
          label="Group"
          placeholder={groups.isPending ? 'Loading groups…' : 'Choose a group'}
          searchable
          withAsterisk
          disabled={disabled}
          // docs/product.md §9: groups with no customers are hidden in the picker.
          data={(groups.data ?? []).map((group) => ({
            value: group.id,
            label: `${group.name} (${plural(group.customer_count, 'customer', 'customers')})`,
          }))}
          value={props.groupId}
          onChange={props.onGroupChange}
          nothingFoundMessage="No groups with customers"
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      {mode === 'csv' ? (
        <CsvKeyColumnUpload
          value={props.csv}
          onChange={props.onCsvChange}
          disabled={disabled}
          error={props.csv && !props.csv.column ? 'Choose the key column' : undefined}
        />
      ) : null}
      <RecipientSummary recipients={props.recipients} />
    </Stack>
  );
}

function RecipientSummary({ recipients }: { recipients: Props['recipients'] }) {
  if (recipients.fetchStatus === 'idle' && !recipients.data) return null;
  if (recipients.isFetching) {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-label="Checking recipients" />
        <Text size="sm">Checking recipients…</Text>
      </Group>
    );
  }
  if (recipients.isError || !recipients.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        The recipients could not be checked.
      </Alert>
    );
  }
  const { customerIds, optedOut, unknown } = recipients.data;
  if (customerIds.length === 0 && optedOut > 0) {
    // Everyone chosen opted out (docs/product.md §8's server text): nothing can be sent to them.
    return (
      <Alert color="red" variant="light" role="alert" data-testid="recipient-summary">
        {messages.optedOut}
      </Alert>
    );
  }
  const notes = [
    optedOut > 0
      ? `${plural(optedOut, 'customer has', 'customers have')} opted out and will not receive it`
      : null,
    unknown > 0 ? `${plural(unknown, 'Customer ID was', 'Customer IDs were')} not found` : null,
  ].filter(Boolean);
  return (
    <Text size="sm" role="status" data-testid="recipient-summary">
      {plural(customerIds.length, 'customer', 'customers')} will receive this message
      {notes.length > 0 ? `; ${notes.join('; ')}.` : '.'}
    </Text>
  );
}
