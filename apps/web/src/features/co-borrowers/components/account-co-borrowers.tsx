import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { formatPhone } from '@paylane/shared/format';
import { Link } from 'react-router';
import { formatFullName } from '../../../lib/format';
import { useUnlinkCoBorrower } from '../api/unlink-co-borrower';
import { SectionTitle } from '../../../components/section-title';
import { RowAction } from '../../../components/row-actions';

type Props = {
  merchantId: string;
  customerId: string;
  accountId: string;
  /** 'Account 1001'. */
  title: string;
  coBorrowers: CustomerRef[];
  customerPath: (customerId: string) => string;
  /** Present when the user may link and unlink (updateCustomer). */
  onLink?: () => void;
};

/** One of the customer's own accounts and the people who co-borrow it. */
export function AccountCoBorrowers(props: Props) {
  const { merchantId, customerId, accountId, title, coBorrowers, customerPath, onLink } = props;
  const unlink = useUnlinkCoBorrower(merchantId, customerId);
  const confirmRemove = (person: CustomerRef) => {
    const name = formatFullName(person);
    modals.openConfirmModal({
      title: 'Remove Co-Borrower',
      children: <Text size="sm">{`Are you sure you would like to remove ${name}?`}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => unlink.mutate({ accountId, coBorrowerId: person.id }),
    });
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <SectionTitle>{title}</SectionTitle>
        {onLink ? (
          <Button size="xs" onClick={onLink} aria-label={`Link Co-Borrower to ${title}`}>
            Link Co-Borrower
          </Button>
        ) : null}
      </Group>
      {coBorrowers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No co-borrowers.
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {coBorrowers.map((person) => {
            const name = formatFullName(person);
            return (
              <Group key={person.id} component="li" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  <Anchor component={Link} to={customerPath(person.id)}>
                    {name}
                  </Anchor>
                  {person.sms_phone_number ? ` · ${formatPhone(person.sms_phone_number)}` : ''}
                </Text>
                {onLink ? (
                  <RowAction danger aria-label={`Remove ${name}`} onClick={() => confirmRemove(person)}>
                    Remove
                  </RowAction>
                ) : null}
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
