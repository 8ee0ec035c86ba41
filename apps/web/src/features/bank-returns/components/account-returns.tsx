import { Alert, List, Stack, Text } from '@mantine/core';
import type { AchReturn } from '@paylane/shared/contracts/bank-returns';
import { formatCurrency, formatDate } from '@paylane/shared/format';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import { useAccountReturns } from '../api/list-account-returns';

type Props = {
  merchantId: string;
  customerId: string;
  accountId: string;
  isAutopayEnabled: boolean;
  timeZone: string | null;
};

const dayOf = (row: AchReturn, timeZone: string | null) =>
  formatDate(todayIn(timeZone, new Date(row.returned_at)));

/**
 * The account's bank returns (issue 18 item 3) on the customer page: why autopay stopped, when a return stopped
 * it and it is still off ('Autopay stopped: R10 …'), and the latest returns with what was done. Nothing when the
 * account has none.
 */
export function AccountReturns({ merchantId, customerId, accountId, isAutopayEnabled, timeZone }: Props) {
  const returns = useAccountReturns(merchantId, customerId, accountId);
  const rows = returns.data?.results ?? [];
  if (rows.length === 0) return null;
  const stopping = rows.find(
    (row) => row.action === 'stop_autopay' && row.action_taken === 'Autopay stopped',
  );
  return (
    <Stack gap="xs">
      {stopping && !isAutopayEnabled ? (
        <Alert color="red" variant="light" title={`Autopay stopped: ${stopping.code} ${stopping.reason}`}>
          A bank payment came back {stopping.code} on {dayOf(stopping, timeZone)}: the customer says it was
          not authorized. Autopay needs a new authorization.
        </Alert>
      ) : null}
      <Text size="sm" fw={600}>
        Bank returns
      </Text>
      <List size="sm" aria-label="Bank returns">
        {rows.map((row) => (
          <List.Item key={row.id}>
            {dayOf(row, timeZone)} · {formatCurrency(row.amount_cents)} · {row.code} {row.reason} ·{' '}
            {row.action_taken}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
