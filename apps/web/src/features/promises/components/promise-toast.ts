import { notifications } from '@mantine/notifications';

/** A promise's toast: green for what was done, red for a refusal; its close button is named (axe button-name). */
export function showPromiseToast(message: string, color: 'green' | 'red' = 'green') {
  notifications.show({
    color,
    message,
    autoClose: color === 'green' ? 3000 : 10_000,
    closeButtonProps: { 'aria-label': 'Close' },
  });
}
