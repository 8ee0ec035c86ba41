import type {
  FailedAction,
  FailedActionKind,
  FailedActionState,
} from '@paylane/shared/contracts/failed-actions';

export const kindLabels: Record<FailedActionKind, string> = {
  payment: 'Payment',
  autopay: 'Autopay',
  message: 'Message',
  dms: 'DMS',
  device: 'Device',
};

export const stateLabels: Record<FailedActionState, string> = {
  open: 'Open',
  resolved: 'Resolved',
  retried: 'Retried',
};

export const customerNameOf = (action: FailedAction) =>
  action.customer ? `${action.customer.first_name} ${action.customer.last_name}`.trim() || 'Customer' : '';

/** What a row's buttons are named for screen readers: 'Retry the Payment of Ada Lovelace'. */
export const actionName = (action: FailedAction) =>
  `the ${kindLabels[action.kind]}${action.customer ? ` of ${customerNameOf(action)}` : ''}`;
