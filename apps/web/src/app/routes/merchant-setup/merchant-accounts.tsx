import { Button } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useMerchantLocation } from '../../../features/locations/api/get-location';
import { useLocations } from '../../../features/locations/api/list-locations';
import { useCreateMerchantAccount } from '../../../features/merchant-accounts/api/create-merchant-account';
import { useMerchantAccount } from '../../../features/merchant-accounts/api/get-merchant-account';
import { useMerchantAccounts } from '../../../features/merchant-accounts/api/list-merchant-accounts';
import { useUpdateMerchantAccount } from '../../../features/merchant-accounts/api/update-merchant-account';
import {
  emptyMerchantAccountValues,
  MerchantAccountForm,
  merchantAccountFormValues,
} from '../../../features/merchant-accounts/components/merchant-account-form';
import { MerchantAccountsTable } from '../../../features/merchant-accounts/components/merchant-accounts-table';
import { QueryFallback } from '../../../components/query-fallback';
import { SetupPage, useMerchantBase } from './setup-page';

/** The list this page belongs to: one location's accounts, or all of them (docs/product.md §2 {locationID?}). */
function useAccountsScope() {
  const { merchantId, base } = useMerchantBase();
  const { locationID } = useParams();
  const listPath = locationID
    ? `${base}/locations/${encodeURIComponent(locationID)}/merchant-accounts`
    : `${base}/locations/merchant-accounts`;
  return { merchantId, locationId: locationID ?? null, listPath, locationsPath: `${base}/locations` };
}

/** The merchant's locations as choices for an account's location. */
function useLocationOptions(merchantId: string) {
  const { data } = useLocations(merchantId);
  return data?.results.map((location) => ({ value: location.id, label: location.name })) ?? null;
}

/** .../locations/{locationID?}/merchant-accounts */
export function MerchantAccountsPage() {
  const { merchantId, locationId, locationsPath } = useAccountsScope();
  const accounts = useMerchantAccounts(merchantId, locationId);
  const { data } = accounts;
  const { data: location } = useMerchantLocation(merchantId, locationId ?? '', locationId !== null);
  const back = locationId
    ? { to: `${locationsPath}/${encodeURIComponent(locationId)}`, label: location?.name ?? 'Location' }
    : { to: locationsPath, label: 'Locations' };
  return (
    <SetupPage
      title={location ? `Merchant Accounts of ${location.name}` : 'Merchant Accounts'}
      back={back}
      actions={
        <Button component={Link} to="create">
          Create Merchant Account
        </Button>
      }
    >
      {!data ? (
        <QueryFallback query={accounts} />
      ) : data.results.length === 0 ? (
        <EmptyState
          title="No merchant accounts yet."
          description="Create an account to take payments here."
        />
      ) : (
        <MerchantAccountsTable accounts={data.results} />
      )}
    </SetupPage>
  );
}

/** .../merchant-accounts/create: the location of the list is chosen already. */
export function MerchantAccountCreatePage() {
  const { merchantId, locationId, listPath } = useAccountsScope();
  const navigate = useNavigate();
  const locations = useLocationOptions(merchantId);
  const createAccount = useCreateMerchantAccount(merchantId);
  return (
    <SetupPage title="Create Merchant Account" back={{ to: listPath, label: 'Merchant Accounts' }}>
      {locations ? (
        <MerchantAccountForm
          defaultValues={emptyMerchantAccountValues(locationId ?? '')}
          locations={locations}
          submitLabel="Create Merchant Account"
          save={(values) => createAccount.mutateAsync(values)}
          onSaved={() => void navigate(listPath)}
        />
      ) : (
        <QueryFallback />
      )}
    </SetupPage>
  );
}

/** .../merchant-accounts/{merchantAccountID} */
export function MerchantAccountDetailPage() {
  const { merchantId, listPath } = useAccountsScope();
  const { merchantAccountID = '' } = useParams();
  const navigate = useNavigate();
  const locations = useLocationOptions(merchantId);
  const accountQuery = useMerchantAccount(merchantId, merchantAccountID);
  const { data: account } = accountQuery;
  const updateAccount = useUpdateMerchantAccount(merchantId, merchantAccountID);
  return (
    <SetupPage
      title={account?.name ?? 'Merchant Account'}
      back={{ to: listPath, label: 'Merchant Accounts' }}
    >
      {account && locations ? (
        <MerchantAccountForm
          key={account.updated}
          defaultValues={merchantAccountFormValues(account)}
          locations={locations}
          submitLabel="Save"
          save={(values) => updateAccount.mutateAsync(values)}
          onSaved={() => void navigate(listPath)}
        />
      ) : (
        <QueryFallback query={accountQuery} />
      )}
    </SetupPage>
  );
}
