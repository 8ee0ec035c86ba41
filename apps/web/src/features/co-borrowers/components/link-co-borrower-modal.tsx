import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CustomerListItem } from '@paylane/shared/contracts/customers';
import { formatPhone } from '@paylane/shared/format';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCustomers } from '../../customers/api/list-customers';
import { useLinkCoBorrower } from '../api/link-co-borrower';

const RESULTS = 10;

type Props = {
  merchantId: string;
  customerId: string;
  accountId: string;
  /** 'Account 1001', for the title. */
  accountLabel: string;
  onClose: () => void;
};

/** The server's words for a refused link ('This customer is already a co-borrower on the account', ...). */
const messagesOf = (error: unknown) => applyServerErrors(error, () => {}, []);

/** Search the merchant's customers (name, Customer ID, phone, email) and link one to the account. */
export function LinkCoBorrowerModal({ merchantId, customerId, accountId, accountLabel, onClose }: Props) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const { data, isFetching } = useCustomers(merchantId, {
    search: debouncedSearch || undefined,
    page_size: RESULTS,
  });
  const link = useLinkCoBorrower(merchantId, customerId);
  const [formMessages, setFormMessages] = useState<string[]>([]);

  const choose = async (candidate: CustomerListItem) => {
    setFormMessages([]);
    try {
      await link.mutateAsync({ accountId, coBorrowerId: candidate.id });
      onClose();
    } catch (error) {
      setFormMessages(messagesOf(error));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Link Co-Borrower to ${accountLabel}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <FormAlert messages={formMessages} />
        <TextInput
          label="Search customers"
          description="Name, Customer ID, phone number or email"
          data-autofocus
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {data && data.results.length === 0 && !isFetching ? (
          <Text size="sm" c="dimmed">
            No Results Found
          </Text>
        ) : null}
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Customers found">
          {(data?.results ?? []).map((candidate) => {
            const name = `${candidate.first_name} ${candidate.last_name}`.trim();
            const facts = [candidate.external_id, formatPhone(candidate.sms_phone_number), candidate.email];
            return (
              <Group key={candidate.id} component="li" justify="space-between" wrap="nowrap" py={4}>
                <div>
                  <Text size="sm" fw={500}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {facts.filter(Boolean).join(' · ') || '—'}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Link ${name}`}
                  loading={link.isPending && link.variables?.coBorrowerId === candidate.id}
                  onClick={() => void choose(candidate)}
                >
                  Link
                </Button>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Modal>
  );
}
