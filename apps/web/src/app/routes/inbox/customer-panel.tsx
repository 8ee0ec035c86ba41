import { Anchor, Badge, Box, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { Customer, CustomerAccount } from '@paylane/shared/contracts/customers';
import { formatCurrency, formatDate, formatPhone } from '@paylane/shared/format';
import { daysPastDue } from '@paylane/shared/past-due';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { todayIn } from '../../../components/date-range-picker/date-range-presets';
import { accountTitle } from '../../../features/customer-accounts/components/account-card';
import { NoteAddForm } from '../../../features/customer-notes/components/note-add-form';
import { TakePaymentButton } from '../../../features/payments/components/take-payment-modal';
import { useCan } from '../../../features/profile/hooks/use-can';
import { useAccountPromises } from '../../../features/promises/api/list-account-promises';
import { PromiseToPayButton } from '../../../features/promises/components/promise-to-pay-button';
import { promiseKindText, promisedAt } from '../../../features/promises/promise-display';
import { customerBasePath } from '../customers/customer-layout';
import { textColors } from '../../../lib/scheme-colors';

type Props = {
  merchantId: string;
  customer: Customer;
  timeZone: string | null;
};

/** Wide enough for 'Days past due' and the two account buttons side by side. */
export const CUSTOMER_PANEL_WIDTH = 300;

/** Open accounts first, the way staff work them: active, pending, then the rest. */
const statusOrder: Record<CustomerAccount['status'], number> = {
  active: 0,
  pending: 1,
  inactive: 2,
  closed: 3,
};

/**
 * The customer beside the conversation (issue 20 item 3): for each account they hold, what is owed and since when,
 * autopay and the open promise, with Take Payment and Promise to Pay; their phone and whether texts may go out;
 * a note. Co-borrowed accounts are worked on the primary borrower's page, so only the customer's own show here.
 */
export function CustomerPanel({ merchantId, customer, timeZone }: Props) {
  const canUpdateNotes = useCan('updateNotes', merchantId);
  const canWaiveFee = useCan('waivePaymentFee', merchantId);
  const [isNoting, setNoting] = useState(false);
  const isVoided = customer.voided_at !== null;
  const today = todayIn(timeZone);
  const accounts = customer.accounts
    .filter((account) => account.role === 'primary')
    .sort((a, b) => statusOrder[a.status] - statusOrder[b.status]);
  const name = `${customer.first_name} ${customer.last_name}`.trim();
  return (
    <Stack component="aside" aria-label="Customer details" gap="sm">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatPhone(customer.sms_phone_number) || 'No phone'}
          </Text>
          {customer.sms_opted_out ? (
            <Badge color="red.1" autoContrast variant="filled" size="sm">
              Opted out
            </Badge>
          ) : customer.sms_phone_number ? (
            <Badge color="green.1" autoContrast variant="filled" size="sm">
              Texts allowed
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={customerBasePath(merchantId, customer.id)} size="sm">
          {customer.external_id ? `Customer ${customer.external_id}: open page` : 'Open customer page'}
        </Anchor>
      </Stack>
      {accounts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No accounts yet.
        </Text>
      ) : (
        accounts.map((account) => (
          <AccountSummary
            key={account.id}
            merchantId={merchantId}
            customerId={customer.id}
            account={account}
            today={today}
            timeZone={timeZone}
            actions={
              isVoided ? null : (
                <Group gap="xs">
                  <TakePaymentButton
                    merchantId={merchantId}
                    customerId={customer.id}
                    account={account}
                    accountTitle={accountTitle(account)}
                    canWaiveFee={canWaiveFee}
                  />
                  <PromiseToPayButton
                    merchantId={merchantId}
                    customerId={customer.id}
                    account={account}
                    accountTitle={accountTitle(account)}
                    timeZone={timeZone ?? undefined}
                  />
                </Group>
              )
            }
          />
        ))
      )}
      {canUpdateNotes && !isVoided ? (
        <Button
          variant="default"
          size="xs"
          onClick={() => setNoting(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Note
        </Button>
      ) : null}
      {isNoting ? (
        <Modal
          opened
          onClose={() => setNoting(false)}
          title={`Note on ${name}`}
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <NoteAddForm
            merchantId={merchantId}
            customerId={customer.id}
            accounts={customer.accounts}
            accountLabel={accountTitle}
            onSaved={() => setNoting(false)}
          />
        </Modal>
      ) : null}
    </Stack>
  );
}

type AccountSummaryProps = {
  merchantId: string;
  customerId: string;
  account: CustomerAccount;
  today: string;
  timeZone: string | null;
  actions: ReactNode;
};

function AccountSummary(props: AccountSummaryProps) {
  const { account } = props;
  const title = accountTitle(account);
  const pastDue = daysPastDue(account, props.today);
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Amount Due', value: formatCurrency(account.amount_due_cents) },
    { label: 'Due Date', value: formatDate(account.due_date) || '—' },
    {
      label: 'Days past due',
      value:
        pastDue > 0 ? (
          <Text span c={textColors.danger} fw={600} size="sm">
            {pastDue}
          </Text>
        ) : (
          'Not past due'
        ),
    },
    { label: 'Autopay', value: account.autopay_enabled ? 'On' : 'Off' },
  ];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Title order={3} size="h6" lineClamp={1}>
          {title}
        </Title>
        <StatusBadge status={account.status} />
      </Group>
      <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}>
        {facts.map((fact) => (
          <Fact key={fact.label} label={fact.label} value={fact.value} />
        ))}
        <Fact label="Promise" value={<OpenPromise {...props} />} />
      </Box>
      {props.actions ? <Box mt="xs">{props.actions}</Box> : null}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </>
  );
}

/** The account's open promise, if any ('Promise to pay $100.00', its moment under it). */
function OpenPromise(props: AccountSummaryProps) {
  const promises = useAccountPromises(props.merchantId, props.customerId, props.account.id);
  if (promises.isError && !promises.data) return 'Could not be loaded';
  if (!promises.data) return '…';
  const open = promises.data.results.find((promise) => promise.outcome === 'open');
  if (!open) return 'None';
  return (
    <Stack gap={0}>
      <span>{promiseKindText(open)}</span>
      <Text span size="xs" c="dimmed">
        {promisedAt(open, props.timeZone)}
      </Text>
    </Stack>
  );
}
