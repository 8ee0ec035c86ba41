import { Button } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useCreateLocation } from '../../../features/locations/api/create-location';
import { useMerchantLocation } from '../../../features/locations/api/get-location';
import { useLocations } from '../../../features/locations/api/list-locations';
import { useUpdateLocation } from '../../../features/locations/api/update-location';
import {
  LocationForm,
  locationFormValues,
  newLocationValues,
} from '../../../features/locations/components/location-form';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { LocationsTable } from '../../../features/locations/components/locations-table';
import { QueryFallback } from '../../../components/query-fallback';
import { SetupPage, useMerchantBase } from './setup-page';

/** /merchants/{merchantID}/locations */
export function LocationsPage() {
  const { merchantId } = useMerchantBase();
  const locations = useLocations(merchantId);
  const { data } = locations;
  return (
    <SetupPage
      title="Locations"
      actions={
        <Button component={Link} to="create">
          Create Location
        </Button>
      }
    >
      {!data ? (
        <QueryFallback query={locations} />
      ) : data.results.length === 0 ? (
        <EmptyState title="No locations yet." description="Create the merchant's first location." />
      ) : (
        <LocationsTable locations={data.results} />
      )}
    </SetupPage>
  );
}

/** /merchants/{merchantID}/locations/create */
export function LocationCreatePage() {
  const { merchantId, base } = useMerchantBase();
  const navigate = useNavigate();
  const createLocation = useCreateLocation(merchantId);
  // The form waits for the merchant: its time zone is the new location's default.
  const merchant = useMerchant(merchantId);
  const listPath = `${base}/locations`;
  return (
    <SetupPage title="Create Location" back={{ to: listPath, label: 'Locations' }}>
      {merchant.data ? (
        <LocationForm
          defaultValues={newLocationValues(merchant.data.time_zone)}
          submitLabel="Create Location"
          save={(values) => createLocation.mutateAsync(values)}
          onSaved={() => void navigate(listPath)}
        />
      ) : (
        <QueryFallback query={merchant} />
      )}
    </SetupPage>
  );
}

/** /merchants/{merchantID}/locations/{locationID}: edit, and the way to the location's merchant accounts. */
export function LocationDetailPage() {
  const { merchantId, base } = useMerchantBase();
  const { locationID = '' } = useParams();
  const navigate = useNavigate();
  const locationQuery = useMerchantLocation(merchantId, locationID);
  const { data: location } = locationQuery;
  const updateLocation = useUpdateLocation(merchantId, locationID);
  const listPath = `${base}/locations`;
  return (
    <SetupPage
      title={location?.name ?? 'Location'}
      back={{ to: listPath, label: 'Locations' }}
      actions={
        location ? (
          <Button component={Link} to="merchant-accounts" variant="light">
            Merchant Accounts
          </Button>
        ) : null
      }
    >
      {location ? (
        <LocationForm
          key={location.updated}
          defaultValues={locationFormValues(location)}
          submitLabel="Save"
          save={(values) => updateLocation.mutateAsync(values)}
          onSaved={() => void navigate(listPath)}
        />
      ) : (
        <QueryFallback query={locationQuery} />
      )}
    </SetupPage>
  );
}
