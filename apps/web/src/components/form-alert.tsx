import { Alert, Stack, Text } from '@mantine/core';

/** Messages about the whole form (detail, non_field_errors, fields the form has not): announced to screen readers. */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap={2}>
        {messages.map((message) => (
          <Text key={message} size="sm">
            {message}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
