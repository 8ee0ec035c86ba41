import { integrationNames, type CredentialVendor } from '@paylane/shared/contracts/integrations';
import { useParams } from 'react-router';
import { useIntegrationCredentials } from '../../../features/integrations/api/get-integration-credentials';
import { useUpdateIntegrationCredentials } from '../../../features/integrations/api/update-integration-credentials';
import {
  CredentialsForm,
  type VendorFieldLabels,
} from '../../../features/integrations/components/credentials-form';
import { CredentialsPanel } from '../../../features/integrations/components/credentials-panel';

/** A vendor's credentials page: whether the integration is on, then its login (the password never shown). */
function VendorCredentialsPage<V extends CredentialVendor>({ vendor, labels }: VendorFieldLabels<V>) {
  const { merchantID = '' } = useParams();
  const credentials = useIntegrationCredentials(merchantID, vendor);
  const update = useUpdateIntegrationCredentials(merchantID, vendor);
  const data = credentials.data;
  return (
    <CredentialsPanel
      title={integrationNames[vendor]}
      status={data ? { isEnabled: data.is_enabled } : null}
      isError={credentials.isError}
    >
      {data && (
        <CredentialsForm
          key={merchantID}
          vendor={vendor}
          labels={labels}
          credentials={data}
          isSaving={update.isPending}
          save={(values) => update.mutateAsync(values)}
        />
      )}
    </CredentialsPanel>
  );
}

/** /merchants/{merchantID}/settings/passtime (docs/product.md §2; admins or is_merchant_passtime_allowed). */
export function PasstimeSettingsPage() {
  return (
    <VendorCredentialsPage vendor="passtime" labels={{ dealer_id: 'Dealer ID', username: 'Username' }} />
  );
}

/** /merchants/{merchantID}/settings/ituran (docs/product.md §2; admins or is_merchant_ituran_allowed). */
export function IturanSettingsPage() {
  return (
    <VendorCredentialsPage vendor="ituran" labels={{ username: 'Username', account_code: 'Account Code' }} />
  );
}
