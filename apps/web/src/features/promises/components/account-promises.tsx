import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PaymentPromise } from '@paylane/shared/contracts/promises';
import { formatCurrency } from '@paylane/shared/format';
import { translateMessage } from '@paylane/shared/messages';
import { useAccountPromises } from '../api/list-account-promises';
import { amountText, promiseKindText, promisedAt } from '../promise-display';
import { PromiseActions } from './promise-actions';
import { PromiseOutcomeBadge, PromiseStatusBadge } from './promise-badges';
import { textColors } from '../../../lib/scheme-colors';

type Props = {
  merchantId: string;
  customerId: string;
  accountId: string;
  /** 'Account A-1'. */
  accountTitle: string;
  timeZone: string | undefined;
  /** False on a voided customer: its promises are shown, not changed. */
  canChange: boolean;
};

/**
 * An account's promises on the customer page (issue 17 item 4): the open one first, with its status
 * (docs/product.md §4) and Confirm / Cancel, then the earlier ones and what came of them. Nothing shows until
 * the account has a promise.
 */
export function AccountPromises(props: Props) {
  const { merchantId, customerId, accountId, accountTitle, timeZone } = props;
  const promises = useAccountPromises(merchantId, customerId, accountId);
  const label = `Promises on ${accountTitle}`;
  if (promises.isError && !promises.data) {
    return (
      <Alert color="red" variant="light">
        The account’s promises could not be loaded.
      </Alert>
    );
  }
  const rows = promises.data?.results ?? [];
  if (rows.length === 0) return null;
  const open = rows.find((promise) => promise.outcome === 'open');
  const earlier = rows.filter((promise) => promise !== open);
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Title order={3}>{label}</Title>
      {open ? (
        <OpenPromise
          merchantId={merchantId}
          promise={open}
          timeZone={timeZone}
          where={`on ${accountTitle}`}
          canChange={props.canChange}
        />
      ) : null}
      {earlier.length > 0 ? (
        <EarlierPromises label={`Earlier promises on ${accountTitle}`} rows={earlier} timeZone={timeZone} />
      ) : null}
    </Stack>
  );
}

function OpenPromise(props: {
  merchantId: string;
  promise: PaymentPromise;
  timeZone: string | undefined;
  where: string;
  canChange: boolean;
}) {
  const { promise, timeZone } = props;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Open promise ${props.where}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {promiseKindText(promise)}
            </Text>
            <PromiseStatusBadge promise={promise} />
          </Group>
          <Text size="sm">{`Promised for ${promisedAt(promise, timeZone)}`}</Text>
          {promise.payment_method ? (
            <Text size="sm">{`Charged to ${promise.payment_method.label}`}</Text>
          ) : null}
          {promise.paid_cents > 0 ? (
            <Text size="sm">{`Paid since: ${formatCurrency(promise.paid_cents)}`}</Text>
          ) : null}
          {promise.failure_message ? (
            <Text size="sm" c={textColors.danger}>
              {translateMessage(promise.failure_message)}
            </Text>
          ) : null}
          {promise.note ? (
            <Text size="sm" c="dimmed">
              {promise.note}
            </Text>
          ) : null}
        </Stack>
        {props.canChange ? (
          <PromiseActions
            merchantId={props.merchantId}
            promise={promise}
            timeZone={timeZone}
            where={props.where}
          />
        ) : null}
      </Group>
    </Paper>
  );
}

function EarlierPromises(props: { label: string; rows: PaymentPromise[]; timeZone: string | undefined }) {
  return (
    <Table aria-label={props.label} striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Promised</Table.Th>
          <Table.Th>Amount</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>Paid</Table.Th>
          <Table.Th>Scheduled Method</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((promise) => (
          <Table.Tr key={promise.id}>
            <Table.Td>{promisedAt(promise, props.timeZone)}</Table.Td>
            <Table.Td>{amountText(promise.amount_cents)}</Table.Td>
            <Table.Td>
              <PromiseStatusBadge promise={promise} />
            </Table.Td>
            <Table.Td>
              <PromiseOutcomeBadge outcome={promise.outcome} />
            </Table.Td>
            <Table.Td>{formatCurrency(promise.paid_cents)}</Table.Td>
            <Table.Td>{promise.payment_method?.label ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
