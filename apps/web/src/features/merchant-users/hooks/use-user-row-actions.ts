import { notifications } from '@mantine/notifications';
import type { MerchantUser } from '@paylane/shared/contracts/merchant-users';
import { formatFullName } from '../../../lib/format';
import { logout } from '../../../lib/session';
import { useDisableMerchantUser } from '../api/disable-merchant-user';
import { useEnableMerchantUser } from '../api/enable-merchant-user';
import { useResendUserInvite } from '../api/resend-user-invite';
import { openDisableUserConfirm } from '../components/confirm-disable-user';
import type { UserRowActions } from '../components/users-table';

const done = (message: string) => notifications.show({ color: 'green', message });

/** Resend, disable (after confirmation; one's own account then logs out) and enable for the users table. */
export function useUserRowActions(input: {
  merchantId: string;
  merchantName: string;
  currentUserId: string | null;
}): Omit<UserRowActions, 'onChangeRole'> {
  const { merchantId, merchantName, currentUserId } = input;
  const resend = useResendUserInvite(merchantId);
  const disable = useDisableMerchantUser(merchantId);
  const enable = useEnableMerchantUser(merchantId);

  const onDisable = (user: MerchantUser) => {
    const isSelf = user.id === currentUserId;
    openDisableUserConfirm({
      user,
      isSelf,
      merchantName,
      onConfirm: () =>
        disable.mutate(
          { userId: user.id, isSelf },
          {
            onSuccess: () => {
              // docs/product.md §8: disabling one's own account removes one's roles and logs out.
              if (isSelf) void logout('user');
              else done(`${formatFullName(user)} is disabled`);
            },
          },
        ),
    });
  };

  return {
    onResend: (user) =>
      resend.mutate(user.id, { onSuccess: () => done(`Invitation sent again to ${user.email}`) }),
    onDisable,
    onEnable: (user) =>
      enable.mutate(user.id, { onSuccess: () => done(`${formatFullName(user)} is enabled`) }),
  };
}
