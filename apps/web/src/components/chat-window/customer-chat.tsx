import { NativeSelect, Stack } from '@mantine/core';
import type { Customer } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { ChatWindow } from './chat-window';

type Props = {
  merchantId: string;
  customer: Customer;
  timeZone?: string | null;
  height?: number | string;
  autoFocus?: boolean;
};

const accountLabel = (account: Customer['accounts'][number]) =>
  account.external_id ? `Account ${account.external_id}` : 'Account';

/**
 * The chat window for a loaded customer: messages go out from one of the customer's accounts (the first
 * unless another is chosen), in the customer's language to begin with.
 */
export function CustomerChat({ merchantId, customer, timeZone, height, autoFocus }: Props) {
  const accounts = customer.accounts;
  const [chosen, setChosen] = useState<string | null>(null);
  const accountId = accounts.find((account) => account.id === chosen)?.id ?? accounts[0]?.id ?? null;
  return (
    <Stack gap="xs">
      {accounts.length > 1 ? (
        <NativeSelect
          label="Send from account"
          size="xs"
          maw={260}
          data={accounts.map((account) => ({ value: account.id, label: accountLabel(account) }))}
          value={accountId ?? ''}
          onChange={(event) => setChosen(event.currentTarget.value)}
        />
      ) : null}
      <ChatWindow
        merchantId={merchantId}
        customerId={customer.id}
        accountId={accountId}
        customerName={`${customer.first_name} ${customer.last_name}`.trim()}
        defaultLanguage={customer.language}
        timeZone={timeZone}
        height={height}
        isOptedOut={customer.sms_opted_out}
        autoFocus={autoFocus ?? false}
      />
    </Stack>
  );
}
