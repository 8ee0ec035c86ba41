import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useCreateOwner } from '../../../features/owners/api/create-owner';
import { useDeleteOwner } from '../../../features/owners/api/delete-owner';
import { useOwner } from '../../../features/owners/api/get-owner';
import { useOwners } from '../../../features/owners/api/list-owners';
import { useUpdateOwner } from '../../../features/owners/api/update-owner';
import { emptyOwnerValues, OwnerForm, ownerFormValues } from '../../../features/owners/components/owner-form';
import { formatShare, OwnersTable } from '../../../features/owners/components/owners-table';
import { QueryFallback } from '../../../components/query-fallback';
import { SetupPage, useMerchantBase } from './setup-page';

/** /merchants/{merchantID}/owners, with the owners' total share (it may not pass 100 %). */
export function OwnersPage() {
  const { merchantId } = useMerchantBase();
  const owners = useOwners(merchantId);
  const { data } = owners;
  const total =
    data?.results.reduce((sum, owner) => sum + Math.round(owner.ownership_percentage * 100), 0) ?? 0;
  return (
    <SetupPage
      title="Owners"
      actions={
        <Button component={Link} to="create">
          Create Owner
        </Button>
      }
    >
      {!data ? (
        <QueryFallback query={owners} />
      ) : data.results.length === 0 ? (
        <EmptyState title="No owners yet." description="Add the people who own the business." />
      ) : (
        <>
          <OwnersTable owners={data.results} />
          <Text size="sm">Total ownership: {formatShare(total / 100)}</Text>
        </>
      )}
    </SetupPage>
  );
}

/** /merchants/{merchantID}/owners/create */
export function OwnerCreatePage() {
  const { merchantId, base } = useMerchantBase();
  const navigate = useNavigate();
  const createOwner = useCreateOwner(merchantId);
  const listPath = `${base}/owners`;
  return (
    <SetupPage title="Create Owner" back={{ to: listPath, label: 'Owners' }}>
      <OwnerForm
        defaultValues={emptyOwnerValues}
        storedSsnMask={null}
        submitLabel="Create Owner"
        // The create schema checked the SSN is there; '' only satisfies the type.
        save={(values) => createOwner.mutateAsync({ ...values, ssn: values.ssn ?? '' })}
        onSaved={() => void navigate(listPath)}
      />
    </SetupPage>
  );
}

/** /merchants/{merchantID}/owners/{ownerID}: edit or remove (docs/product.md §8 confirmation). */
export function OwnerDetailPage() {
  const { merchantId, base } = useMerchantBase();
  const { ownerID = '' } = useParams();
  const navigate = useNavigate();
  const ownerQuery = useOwner(merchantId, ownerID);
  const { data: owner } = ownerQuery;
  const updateOwner = useUpdateOwner(merchantId, ownerID);
  const deleteOwner = useDeleteOwner(merchantId);
  const listPath = `${base}/owners`;

  const confirmRemove = (name: string) =>
    modals.openConfirmModal({
      title: 'Remove Owner',
      children: <Text size="sm">{`Are you sure you would like to remove ${name}?`}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => deleteOwner.mutate(ownerID, { onSuccess: () => void navigate(listPath) }),
    });

  return (
    <SetupPage title={owner?.full_name ?? 'Owner'} back={{ to: listPath, label: 'Owners' }}>
      {owner ? (
        <OwnerForm
          key={owner.updated}
          defaultValues={ownerFormValues(owner)}
          storedSsnMask={owner.ssn_masked}
          submitLabel="Save"
          save={(values) => updateOwner.mutateAsync(values)}
          onSaved={() => void navigate(listPath)}
          actions={
            <Button variant="light" color="red" onClick={() => confirmRemove(owner.full_name)}>
              Remove
            </Button>
          }
        />
      ) : (
        <QueryFallback query={ownerQuery} />
      )}
    </SetupPage>
  );
}
