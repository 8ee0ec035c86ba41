import { notifications } from '@mantine/notifications';
import { translateMessage } from '@paylane/shared/messages';
import { isApiError } from '../../../lib/api-error';
import { errorDetailText } from '../../../lib/notify';

/**
 * docs/product.md §8: 'Marked Action as Resolved' and 'Succesfully Retried and Resolved Action' show for 2 s at
 * the bottom centre (the app's other toasts stay top right); a refusal shows the server's words, red, longer.
 */
export function showActionToast(message: string, color: 'green' | 'red' = 'green') {
  notifications.show({
    color,
    message,
    position: 'bottom-center',
    autoClose: color === 'green' ? 2000 : 10_000,
    closeButtonProps: { 'aria-label': 'Close' },
  });
}

/** A 4xx answer in the server's words; anything else is the app's generic error toast. */
export function showActionRefusal(error: unknown) {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return;
  const fields = Object.values(error.fieldErrors ?? {}).flat();
  const text = errorDetailText(error) || fields.map((message) => translateMessage(message)).join(' ');
  showActionToast(text || 'The action could not be changed.', 'red');
}
