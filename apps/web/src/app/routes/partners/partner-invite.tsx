import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { usePartnerInvite } from '../../../features/auth/api/get-partner-invite';
import { errorDetailText } from '../../../lib/notify';
import { FormSkeleton } from '../../../components/form-skeleton';

export function PartnerInvitePage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const invite = usePartnerInvite(id, token);

  return (
    <PublicPage title="Partner Invitation">
      {invite.isPending ? (
        <FormSkeleton fields={2} label="Loading invitation" />
      ) : invite.isError ? (
        <Stack>
          <FormAlert messages={[errorDetailText(invite.error) || 'This invitation could not be loaded.']} />
          <Text size="sm">The invitation may have expired or been used already. Ask for a new one.</Text>
          <Anchor component={Link} to="/login">
            Go to Login
          </Anchor>
        </Stack>
      ) : (
        <Stack>
          <Text>
            <Text span fw={600}>
              {invite.data.invited_by}
            </Text>{' '}
            invited you to join Paylane as a partner.
          </Text>
          <Text size="sm" c="dimmed">
            The account will use the email {invite.data.email}.
          </Text>
          <Button
            onClick={() =>
              void navigate(`/partner-signup/${encodeURIComponent(id)}/${encodeURIComponent(token)}`)
            }
          >
            Accept Invitation
          </Button>
        </Stack>
      )}
    </PublicPage>
  );
}
