import { Button, Paper, Text } from '@mantine/core';
import { messages } from '@paylane/shared/messages';
import { isApiError } from '../lib/api-error';
import { LinesSkeleton } from './form-skeleton';
import { errorDetailText } from '../lib/notify';

/** What a page needs of its query to say why nothing shows: TanStack Query's result fits as it is. */
export type FallbackQuery = {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

type Explanation = { title: string; description: string; canRetry: boolean };

/**
 * Why a query failed, in words that match what happened (issue 20): a 500 read 'Not found' before. Answers
 * follow docs/conventions.md §4 (404 for a record that is not there or is another merchant's, 403 without the
 * capability, 5xx when the server failed); status 0 is a request that never got an answer (lib/api-client.ts).
 */
export function explainQueryError(error: unknown): Explanation {
  if (!isApiError(error))
    return {
      title: 'This could not be shown.',
      description: 'The answer could not be read. Try again; reloading the page may help.',
      canRetry: true,
    };
  const { status } = error;
  if (status === 404)
    return {
      title: messages.notFound,
      description: 'It may have been removed, or belong to another merchant.',
      canRetry: false,
    };
  if (status === 403) return { title: 'No access.', description: messages.permissionDenied, canRetry: false };
  if (status === 0)
    return {
      title: 'Could not reach the server.',
      description: 'Check the connection, then try again.',
      canRetry: true,
    };
  if (status >= 500)
    return {
      title: `The server failed to answer (error ${status}).`,
      description: 'Nothing was lost. Try again in a moment; if it keeps failing, tell your Paylane contact.',
      canRetry: true,
    };
  return {
    title: `The request was refused (error ${status}).`,
    description: errorDetailText(error) || 'Try again in a moment.',
    canRetry: true,
  };
}

/**
 * While a query loads: grey lines (issue 20 item 8). When it failed: what happened, and Retry when trying again may help. The
 * failure's toast (lib/notify.tsx) has already been shown; this stays on the page.
 */
export function QueryFallback({ query }: { query?: FallbackQuery }) {
  if (!query?.isError) return <LinesSkeleton />;
  const { title, description, canRetry } = explainQueryError(query.error);
  return (
    <Paper withBorder radius="md" p="xl" ta="center" data-testid="query-fallback">
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" mt={4}>
        {description}
      </Text>
      {canRetry ? (
        <Button mt="md" variant="light" loading={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      ) : null}
    </Paper>
  );
}
