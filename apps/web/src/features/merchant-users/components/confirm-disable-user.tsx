import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { MerchantUser } from '@paylane/shared/contracts/merchant-users';
import { formatFullName } from '../../../lib/format';

/** docs/product.md §8: disabling a user asks first; for one's own account the text says it removes roles and logs out. */
export function openDisableUserConfirm(input: {
  user: MerchantUser;
  isSelf: boolean;
  merchantName: string;
  onConfirm: () => void;
}): void {
  const name = formatFullName(input.user);
  modals.openConfirmModal({
    title: input.isSelf ? 'Disable Your Account?' : 'Disable User?',
    children: input.isSelf ? (
      <Text size="sm">
        You are about to disable your own account. This removes your roles in{' '}
        {input.merchantName || 'this merchant'} and logs you out.
      </Text>
    ) : (
      <Text size="sm">
        Are you sure you want to disable {name}? They are signed out at once and can no longer sign in.
      </Text>
    ),
    labels: { confirm: 'Disable', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': 'Close' },
    onConfirm: input.onConfirm,
  });
}
