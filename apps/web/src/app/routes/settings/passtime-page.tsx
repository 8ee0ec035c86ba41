import { useParams } from 'react-router';
import { usePasstimeCredentials } from '../../../features/integrations/api/get-passtime-credentials';
import { useUpdatePasstimeCredentials } from '../../../features/integrations/api/update-passtime-credentials';
import { CredentialsForm } from '../../../features/integrations/components/credentials-form';
import { CredentialsPanel } from '../../../features/integrations/components/credentials-panel';
import type { CredentialField } from '../../../features/integrations/integration-schemas';

const fields: readonly CredentialField[] = [
  { name: 'dealer_id', label: 'Dealer ID' },
  { name: 'username', label: 'Username' },
];

/** /merchants/{merchantID}/settings/passtime (spec §2; admins or is_merchant_passtime_allowed). */
export function PasstimeSettingsPage() {
  const { merchantID = '' } = useParams();
  const credentials = usePasstimeCredentials(merchantID);
  const update = useUpdatePasstimeCredentials(merchantID);
  const data = credentials.data;
  return (
    <CredentialsPanel
      title="PassTime"
      status={data ? { isEnabled: data.is_enabled } : null}
      isError={credentials.isError}
    >
      {data && (
        <CredentialsForm
          key={merchantID}
          fields={fields}
          saved={{ dealer_id: data.dealer_id, username: data.username }}
          hasPassword={data.has_password}
          isSaving={update.isPending}
          save={(values) =>
            update.mutateAsync({
              dealer_id: values.dealer_id ?? '',
              username: values.username ?? '',
              password: values.password ?? '',
            })
          }
        />
      )}
    </CredentialsPanel>
  );
}
