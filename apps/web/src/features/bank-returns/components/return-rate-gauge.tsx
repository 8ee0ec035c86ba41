import { Alert, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ReturnRates } from '@paylane/shared/contracts/bank-returns';
import { textColors } from '../../../lib/scheme-colors';

const titles = {
  unauthorized: 'Unauthorized returns',
  administrative: 'Administrative returns',
  overall: 'All returns',
} as const;

type Rate = ReturnRates['rates'][number];

function RateCard({ rate }: { rate: Rate }) {
  const state = rate.is_over ? 'Over threshold' : 'Under threshold';
  // The bar fills up to the threshold: full and red once the rate reaches it.
  const filled = Math.min(
    100,
    rate.threshold_percent > 0 ? (rate.rate_percent / rate.threshold_percent) * 100 : 0,
  );
  return (
    <Paper withBorder p="md" radius="md" w={260} aria-label={titles[rate.category]} role="group">
      <Stack gap={6}>
        <Text fw={600}>{titles[rate.category]}</Text>
        <Text size="xl" fw={700} c={rate.is_over ? textColors.danger : undefined}>
          {rate.rate_percent.toFixed(2)} %
        </Text>
        <Progress
          value={filled}
          color={rate.is_over ? 'red' : 'teal'}
          aria-label={`${titles[rate.category]} against the ${rate.threshold_percent} % threshold`}
        />
        <Group justify="space-between">
          <Text size="sm">
            {rate.returns} {rate.returns === 1 ? 'return' : 'returns'} · threshold {rate.threshold_percent} %
          </Text>
        </Group>
        <Text size="sm" fw={600} c={rate.is_over ? textColors.danger : textColors.success}>
          {state}
        </Text>
        {rate.codes.length > 0 && (
          <Text size="xs" c="dimmed">
            {rate.codes.join(', ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The return-rate gauge (issue 18 item 3): the share of the last 60 days' bank debits that came back, against the
 * network thresholds — unauthorized 0.5 %, administrative 3 %, overall 15 %.
 */
export function ReturnRateGauge({ rates }: { rates: ReturnRates }) {
  const isAnyOver = rates.rates.some((rate) => rate.is_over);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Return rates over the last {rates.window_days} days: {rates.debits}{' '}
        {rates.debits === 1 ? 'bank debit' : 'bank debits'}.
      </Text>
      {isAnyOver && (
        <Alert color="red" variant="light" role="status">
          A return rate is over its network threshold.
        </Alert>
      )}
      <Group gap="md" align="stretch">
        {rates.rates.map((rate) => (
          <RateCard key={rate.category} rate={rate} />
        ))}
      </Group>
    </Stack>
  );
}
