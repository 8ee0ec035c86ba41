import { useParams } from 'react-router';
import { useIturanCredentials } from '../../../features/integrations/api/get-ituran-credentials';
import { useUpdateIturanCredentials } from '../../../features/integrations/api/update-ituran-credentials';
import { CredentialsForm } from '../../../features/integrations/components/credentials-form';
import { CredentialsPanel } from '../../../features/integrations/components/credentials-panel';
import type { CredentialField } from '../../../features/integrations/integration-schemas';

const fields: readonly CredentialField[] = [
  { name: 'username', label: 'Username' },
  { name: 'account_code', label: 'Account Code' },
];

/** /merchants/{merchantID}/settings/ituran (spec §2; admins or is_merchant_ituran_allowed). */
export function IturanSettingsPage() {
  const { merchantID = '' } = useParams();
  const credentials = useIturanCredentials(merchantID);
  const update = useUpdateIturanCredentials(merchantID);
  const data = credentials.data;
  return (
    <CredentialsPanel
      title="Ituran"
      status={data ? { isEnabled: data.is_enabled } : null}
      isError={credentials.isError}
    >
      {data && (
        <CredentialsForm
          key={merchantID}
          fields={fields}
          saved={{ username: data.username, account_code: data.account_code }}
          hasPassword={data.has_password}
          isSaving={update.isPending}
          save={(values) =>
            update.mutateAsync({
              username: values.username ?? '',
              account_code: values.account_code ?? '',
              password: values.password ?? '',
            })
          }
        />
      )}
    </CredentialsPanel>
  );
}
