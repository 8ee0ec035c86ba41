import { Anchor, Badge, Box, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { cadenceLabels, type CustomerAccount, type CustomerRef } from '@paylane/shared/contracts/customers';
import { formatCurrency, formatDate } from '@paylane/shared/format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { formatFullName } from '../../../lib/format';
import { SectionTitle } from '../../../components/section-title';

type Props = {
  account: CustomerAccount;
  /** Where another customer's page is (co-borrowers, the primary borrower). */
  customerPath: (customerId: string) => string;
  /** Shown on the customer's own accounts when they may be edited. */
  onEdit?: () => void;
};

export const accountTitle = (account: Pick<CustomerAccount, 'external_id'>) =>
  account.external_id ? `Account ${account.external_id}` : 'Account without a number';

/** docs/product.md §3 vehicle: '2019 Toyota Camry', or nothing. */
const vehicleOf = (account: CustomerAccount) =>
  [account.vehicle_year, account.vehicle_make, account.vehicle_model].filter(Boolean).join(' ');

/** One account's details (issue 4: number, status, amount due, due date, cadence, vehicle, autopay, tags; issue 16: pay PIN). */
export function AccountCard({ account, customerPath, onEdit }: Props) {
  const title = accountTitle(account);
  const isCoBorrowed = account.role === 'co_borrower';
  const people = (refs: CustomerRef[]) =>
    refs.length === 0
      ? null
      : refs.map((ref, index) => (
          <span key={ref.id}>
            {index > 0 ? ', ' : null}
            <Anchor component={Link} to={customerPath(ref.id)} size="sm">
              {formatFullName(ref)}
            </Anchor>
          </span>
        ));
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Account Number', value: account.external_id },
    { label: 'Amount Due', value: formatCurrency(account.amount_due_cents) },
    { label: 'Due Date', value: formatDate(account.due_date) },
    { label: 'Cadence', value: account.cadence ? cadenceLabels[account.cadence] : null },
    { label: 'Vehicle', value: vehicleOf(account) },
    { label: 'Autopay', value: account.autopay_enabled ? 'On' : 'Off' },
    { label: 'Pay PIN', value: account.has_pin ? 'Set' : 'Not set' },
    { label: 'Location', value: account.location?.name },
    {
      label: 'Tags',
      value: account.tags.length ? <TagList names={account.tags.map((t) => t.name)} /> : null,
    },
    { label: 'Co-Borrowers', value: people(account.co_borrowers) },
    ...(isCoBorrowed ? [{ label: 'Primary Borrower', value: people([account.primary_customer]) }] : []),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <SectionTitle>{title}</SectionTitle>
          <StatusBadge status={account.status} />
          {isCoBorrowed ? (
            <Badge variant="outline" color="gray">
              Co-borrower
            </Badge>
          ) : null}
        </Group>
        {onEdit ? (
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0} spacing="sm">
        {facts.map((fact) => (
          <Box key={fact.label}>
            <Text component="dt" size="xs" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {fact.value || '—'}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function TagList({ names }: { names: string[] }) {
  return (
    <Group gap={4} component="span">
      {names.map((name) => (
        <Badge key={name} variant="light" color="gray" size="sm" tt="none">
          {name}
        </Badge>
      ))}
    </Group>
  );
}
