import { Alert, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

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
        <Title order={2} size="h3">
          {title}
        </Title>
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
        <Center py="xl">
          <Loader role="status" aria-label="Loading" />
        </Center>
      )}
    </Stack>
  );
}
