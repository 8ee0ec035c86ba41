import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  mergeAccountsSchema,
  type MergeAccountRef,
  type MergeAccountsResult,
} from '@paylane/shared/contracts/duplicates';
import { formatCurrency, formatDate } from '@paylane/shared/format';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useMergeAccounts } from '../../../features/duplicates/api/merge-accounts';
import { useAccountMergePreview } from '../../../features/duplicates/api/preview-account-merge';
import { AccountPicker } from '../../../features/duplicates/components/account-picker';
import { customerLabel } from '../../../components/record-picker/customer-picker';
import { accountStatusLabel } from '../../../features/duplicates/components/merge-labels';
import { MergePreviewCard } from '../../../features/duplicates/components/merge-preview-card';
import { mergeErrorsOf, useMergeSelection } from '../../../features/duplicates/hooks/use-merge-selection';
import { useCurrentMerchantId } from '../../../features/merchants/hooks/use-current-merchant';
import { PageHeader } from '../../../components/page-header';
import { LinesSkeleton } from '../../../components/form-skeleton';

type Done = { result: MergeAccountsResult; survivor: MergeAccountRef; merged: MergeAccountRef };

const accountName = (account: MergeAccountRef) => `Account ${account.external_id ?? '(no ID)'}`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One account in the preview: its number, holder, status, balance and vehicle. */
function AccountSummary({ account }: { account: MergeAccountRef }) {
  const vehicle = [account.vehicle_year, account.vehicle_make, account.vehicle_model]
    .filter(Boolean)
    .join(' ');
  return (
    <Stack gap={0}>
      <Text fw={500}>{accountName(account)}</Text>
      <Text size="sm">{customerLabel(account.customer)}</Text>
      <Text size="sm" c="dimmed">
        {[
          accountStatusLabel(account.status),
          `${formatCurrency(account.amount_due_cents)} due${account.due_date ? ` ${formatDate(account.due_date)}` : ''}`,
          vehicle,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
}

/** /tools/merge-accounts (docs/product.md §2 Tools): keep one account and merge a duplicate into it. */
export function MergeAccountsPage() {
  const merchantId = useCurrentMerchantId() ?? '';
  const merge = useMergeAccounts(merchantId);
  const [done, setDone] = useState<Done | null>(null);
  const selection = useMergeSelection(mergeAccountsSchema, () => {
    merge.reset();
    setDone(null);
  });
  const preview = useAccountMergePreview(merchantId, selection.pair);
  const { fields, messages } = selection.pair
    ? mergeErrorsOf(merge.error ?? preview.error)
    : selection.localErrors;
  const data = selection.pair ? preview.data : undefined;

  const confirm = () => {
    if (!data || !selection.pair) return;
    const pair = selection.pair;
    const [keep, lose] = [accountName(data.survivor), accountName(data.merged)];
    modals.openConfirmModal({
      title: 'Merge Accounts',
      children: (
        <Text size="sm">{`Are you sure you want to merge ${lose} into ${keep}? ${lose} will be closed. This cannot be undone.`}</Text>
      ),
      labels: { confirm: 'Merge', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        merge.mutate(pair, {
          onSuccess: (result) => {
            setDone({ result, survivor: data.survivor, merged: data.merged });
            selection.clear();
          },
        }),
    });
  };

  return (
    <Stack gap="md" maw={900}>
      <title>Merge Accounts · Paylane</title>
      <PageHeader
        title="Merge Accounts"
        description="Choose the account to keep and the duplicate to merge into it. Tags, co-borrowers and notes move to the account kept; its empty account ID and vehicle fields take the duplicate's values; the duplicate is closed and keeps its history."
      />
      {done ? <MergedAccounts merchantId={merchantId} done={done} /> : null}
      <FormAlert messages={messages} />
      <AccountPicker
        merchantId={merchantId}
        label="Account to keep"
        description="The survivor: it keeps its ID and receives the other account's records"
        value={selection.survivor}
        onChange={selection.setSurvivor}
        error={fields.survivor}
      />
      <AccountPicker
        merchantId={merchantId}
        label="Account to merge"
        description="The duplicate: closed after its records move"
        value={selection.merged}
        onChange={selection.setMerged}
        error={fields.merged}
      />
      {selection.pair && preview.isFetching && !data ? (
        <LinesSkeleton lines={4} label="Loading preview" />
      ) : null}
      {data ? (
        <MergePreviewCard
          survivor={<AccountSummary account={data.survivor} />}
          merged={<AccountSummary account={data.merged} />}
          moves={[
            { label: 'Tags', count: data.moves.tags },
            { label: 'Co-borrowers', count: data.moves.co_borrowers },
            { label: 'Notes', count: data.moves.notes },
          ]}
          fills={data.fills}
          isAccount
          note="Payments stay on the merged account until payments can be moved."
        />
      ) : null}
      <Group>
        <Button onClick={confirm} disabled={!data || preview.isFetching} loading={merge.isPending}>
          Merge Accounts
        </Button>
      </Group>
    </Stack>
  );
}

function MergedAccounts({ merchantId, done }: { merchantId: string; done: Done }) {
  const { moved } = done.result;
  const path = `/merchants/${encodeURIComponent(merchantId)}/customers/${encodeURIComponent(done.result.survivor_customer)}`;
  return (
    <Alert color="green" variant="light" title="Accounts merged" role="status">
      <Stack gap={4}>
        <Text size="sm">
          {`${accountName(done.merged)} was merged into ${accountName(done.survivor)}: `}
          {[
            plural(moved.tags, 'tag', 'tags'),
            plural(moved.co_borrowers, 'co-borrower', 'co-borrowers'),
            plural(moved.notes, 'note', 'notes'),
          ].join(', ')}
          {' moved.'}
        </Text>
        <Anchor component={Link} to={path} size="sm">
          {`Open ${customerLabel(done.survivor.customer)}`}
        </Anchor>
      </Stack>
    </Alert>
  );
}
