import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { mergeCustomersSchema, type MergeCustomersResult } from '@paylane/shared/contracts/duplicates';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useMergeCustomers } from '../../../features/duplicates/api/merge-customers';
import { useCustomerMergePreview } from '../../../features/duplicates/api/preview-customer-merge';
import { CustomerPicker, customerLabel } from '../../../components/record-picker/customer-picker';
import { MergePreviewCard } from '../../../features/duplicates/components/merge-preview-card';
import { mergeErrorsOf, useMergeSelection } from '../../../features/duplicates/hooks/use-merge-selection';
import { useCurrentMerchantId } from '../../../features/merchants/hooks/use-current-merchant';
import { PageHeader } from '../../../components/page-header';
import { LinesSkeleton } from '../../../components/form-skeleton';

type Done = { result: MergeCustomersResult; survivor: CustomerRef; merged: CustomerRef };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** /tools/merge-customers (docs/product.md §2 Tools): keep one customer and merge a duplicate into it. */
export function MergeCustomersPage() {
  const merchantId = useCurrentMerchantId() ?? '';
  const merge = useMergeCustomers(merchantId);
  const [done, setDone] = useState<Done | null>(null);
  const selection = useMergeSelection(mergeCustomersSchema, () => {
    merge.reset();
    setDone(null);
  });
  const preview = useCustomerMergePreview(merchantId, selection.pair);
  const { fields, messages } = selection.pair
    ? mergeErrorsOf(merge.error ?? preview.error)
    : selection.localErrors;
  const data = selection.pair ? preview.data : undefined;

  const confirm = () => {
    if (!data || !selection.pair) return;
    const pair = selection.pair;
    const [keep, lose] = [customerLabel(data.survivor), customerLabel(data.merged)];
    modals.openConfirmModal({
      title: 'Merge Customers',
      children: (
        <Text size="sm">{`Are you sure you want to merge ${lose} into ${keep}? ${lose} will be voided. This cannot be undone.`}</Text>
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
      <title>Merge Customers · Paylane</title>
      <PageHeader
        title="Merge Customers"
        description="Choose the customer to keep and the duplicate to merge into it. Accounts, co-borrowed accounts, notes and payment methods move to the customer kept; its empty fields take the duplicate's values; the duplicate is voided and keeps its history."
      />
      {done ? <MergedCustomers merchantId={merchantId} done={done} /> : null}
      <FormAlert messages={messages} />
      <CustomerPicker
        merchantId={merchantId}
        label="Customer to keep"
        description="The survivor: it keeps its ID and receives the other customer's records"
        value={selection.survivor}
        onChange={selection.setSurvivor}
        error={fields.survivor}
      />
      <CustomerPicker
        merchantId={merchantId}
        label="Customer to merge"
        description="The duplicate: voided after its records move"
        value={selection.merged}
        onChange={selection.setMerged}
        error={fields.merged}
      />
      {selection.pair && preview.isFetching && !data ? (
        <LinesSkeleton lines={4} label="Loading preview" />
      ) : null}
      {data ? (
        <MergePreviewCard
          survivor={<Text fw={500}>{customerLabel(data.survivor)}</Text>}
          merged={<Text fw={500}>{customerLabel(data.merged)}</Text>}
          moves={[
            { label: 'Accounts', count: data.moves.accounts },
            { label: 'Co-borrowed accounts', count: data.moves.co_borrowed_accounts },
            { label: 'Notes', count: data.moves.notes },
            { label: 'Payment methods', count: data.moves.payment_methods },
            { label: 'Co-borrower links dropped as duplicates', count: data.moves.co_borrower_links_dropped },
          ]}
          fills={data.fills}
        />
      ) : null}
      <Group>
        <Button onClick={confirm} disabled={!data || preview.isFetching} loading={merge.isPending}>
          Merge Customers
        </Button>
      </Group>
    </Stack>
  );
}

function MergedCustomers({ merchantId, done }: { merchantId: string; done: Done }) {
  const { moved } = done.result;
  const path = `/merchants/${encodeURIComponent(merchantId)}/customers/${encodeURIComponent(done.result.survivor)}`;
  const name = `${done.survivor.first_name} ${done.survivor.last_name}`.trim();
  return (
    <Alert color="green" variant="light" title="Customers merged" role="status">
      <Stack gap={4}>
        <Text size="sm">
          {`${customerLabel(done.merged)} was merged into ${customerLabel(done.survivor)}: `}
          {[
            plural(moved.accounts, 'account', 'accounts'),
            plural(moved.co_borrowed_accounts, 'co-borrowed account', 'co-borrowed accounts'),
            plural(moved.notes, 'note', 'notes'),
            plural(moved.payment_methods, 'payment method', 'payment methods'),
          ].join(', ')}
          {' moved.'}
        </Text>
        <Anchor component={Link} to={path} size="sm">
          {`Open ${name}`}
        </Anchor>
      </Stack>
    </Alert>
  );
}
