import { Button, Stack, Text } from '@mantine/core';
import { messages } from '@paylane/shared/messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PublicPage } from '../../components/public-page';

/** A page that failed to load or render (or a page chunk gone after a deploy): say so and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <PublicPage title={messages.genericError}>
      <Stack>
        <Text>The page could not be shown. Reloading usually helps; if it does not, try again later.</Text>
        {detail && !import.meta.env.PROD ? (
          <Text c="dimmed" size="sm">
            {detail}
          </Text>
        ) : null}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </PublicPage>
  );
}
