import { Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { formatCurrency } from '@paylane/shared/format';
import type { FeeChoice, RefundCandidate, SourceDraft, SourceErrors } from '../refund-sources';

type Props = {
  candidate: RefundCandidate;
  draft: SourceDraft;
  errors: SourceErrors;
  /** The day the payment was made, as the page shows dates. */
  paidOn: string;
  onChange: (draft: SourceDraft) => void;
};

/** One source of a refund: the payment, how much of it goes back, and its convenience fee kept or returned. */
export function RefundSourceFields({ candidate, draft, errors, paidOn, onChange }: Props) {
  const { payment } = candidate.transaction;
  const name = payment.method_label;
  return (
    <Paper withBorder p="sm" component="fieldset" aria-label={`Refund from ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {`Paid ${paidOn} · ${formatCurrency(payment.total_amount_cents)} · ${formatCurrency(candidate.leftCents)} left to refund`}
          </Text>
        </Group>
        <TextInput
          label={`Amount to refund from ${name}`}
          leftSection="$"
          inputMode="decimal"
          value={draft.amount}
          onChange={(event) => onChange({ ...draft, amount: event.currentTarget.value })}
          error={errors.amount}
        />
        {candidate.feeLeftCents > 0 ? (
          <Radio.Group
            label={`Convenience fee ${formatCurrency(candidate.feeLeftCents)}`}
            value={draft.fee}
            onChange={(value) => onChange({ ...draft, fee: value as FeeChoice })}
            error={errors.fee}
          >
            <Group gap="md" mt={4}>
              <Radio value="keep" label="Keep the fee" />
              <Radio value="return" label="Return the fee" />
            </Group>
          </Radio.Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
