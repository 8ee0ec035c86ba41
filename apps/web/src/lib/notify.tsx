import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, translateMessage } from '@paylane/shared/messages';
import { isApiError } from './api-error';

const GENERIC_ID = 'paylane-generic-error';
const DETAIL_ID = 'paylane-error-detail';
const GENERIC_MS = 10_000;

function DismissButton({ id }: { id: string }) {
  return (
    <Group justify="flex-end" mt={4}>
      <Button size="compact-xs" variant="subtle" onClick={() => notifications.hide(id)}>
        Dismiss
      </Button>
    </Group>
  );
}

/** docs/product.md §8: 'Oops! Something Went Wrong...' for 10 s with Dismiss (one at a time, however many calls failed). */
export function showGenericErrorToast(): void {
  notifications.hide(GENERIC_ID);
  notifications.show({
    id: GENERIC_ID,
    color: 'red',
    title: messages.genericError,
    message: <DismissButton id={GENERIC_ID} />,
    autoClose: GENERIC_MS,
    withCloseButton: false,
  });
}

/** The server's own words for a failure (detail or non_field_errors), translated; empty when it had none. */
export function errorDetailText(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : '';
  const texts = error.detail ? [error.detail] : (error.nonFieldErrors ?? []);
  return texts.map((text) => translateMessage(text)).join(' ');
}

/**
 * A failure nobody handled on the page: the generic toast, and outside production also the server's detail
 * so developers see what happened. A 401 shows nothing: the session is already logging out.
 */
export function reportUnhandledError(error: unknown): void {
  if (isApiError(error) && error.status === 401) return;
  showGenericErrorToast();
  if (import.meta.env.PROD) return;
  const detail = errorDetailText(error);
  if (!detail) return;
  notifications.hide(DETAIL_ID);
  notifications.show({
    id: DETAIL_ID,
    color: 'orange',
    title: 'Error detail (shown outside production)',
    message: <Text size="sm">{detail}</Text>,
    autoClose: GENERIC_MS,
    closeButtonProps: { 'aria-label': 'Close' },
  });
}
