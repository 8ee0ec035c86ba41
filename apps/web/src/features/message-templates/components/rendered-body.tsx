import { Alert, Loader, Paper, Text } from '@mantine/core';

type RenderedBodyProps = {
  label: string;
  text: string | undefined;
  isLoading: boolean;
  isError: boolean;
};

/** A body as the server rendered it, or why it is not there yet. */
export function RenderedBody({ label, text, isLoading, isError }: RenderedBodyProps) {
  if (isError) {
    return (
      <Alert color="red" variant="light">
        The preview could not be rendered.
      </Alert>
    );
  }
  if (isLoading || text === undefined) return <Loader size="sm" aria-label="Rendering preview" />;
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={label}>
      {/* Text only: the rendered body is shown as text, never injected as HTML (docs/conventions.md §8). */}
      <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
    </Paper>
  );
}
