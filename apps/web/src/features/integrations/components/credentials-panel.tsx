import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionTitle } from '../../../components/section-title';
import { FormSkeleton } from '../../../components/form-skeleton';

type Props = {
  title: string;
  /** Null while loading. */
  status: { isEnabled: boolean } | null;
  isError: boolean;
  children: ReactNode;
};

/** The frame of a vendor credentials page: title, whether the integration is on, then the form. */
export function CredentialsPanel({ title, status, isError, children }: Props) {
  return (
    <Stack>
      <Group gap="sm">
        <SectionTitle>{title}</SectionTitle>
        {status && (
          <Badge color={status.isEnabled ? 'green' : 'gray'} variant="light">
            {status.isEnabled ? 'Enabled' : 'Not enabled'}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        The login {title} gave this merchant. The password is stored encrypted and never shown again.
      </Text>
      {status ? (
        children
      ) : isError ? (
        <Alert color="red" variant="light">
          The credentials could not be loaded.
        </Alert>
      ) : (
        <FormSkeleton fields={3} />
      )}
    </Stack>
  );
}
