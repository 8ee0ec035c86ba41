import type { PermissionFlag } from '@paylane/shared/permissions';

/** What each custom-role flag of docs/product.md §3 lets its holder do, in the words the role form shows. */
export const permissionLabels: Record<PermissionFlag, string> = {
  is_customer_campaign_allowed: 'Send group messages',
  is_customer_free_text_allowed: 'Type free text in chat',
  is_customer_update_allowed: 'Create, import and edit customers',
  is_merchant_passtime_allowed: 'Manage PassTime settings',
  is_merchant_ituran_allowed: 'Manage Ituran settings',
  is_merchant_payment_report_allowed: 'View payment reports',
  is_merchant_payout_report_allowed: 'View payout reports',
  is_note_update_allowed: 'Edit notes',
  is_payment_refund_allowed: 'Refund payments',
  is_payment_threshold_allowed: 'Override payment thresholds',
  is_payment_waive_fee_allowed: 'Waive convenience fees',
  is_template_update_allowed: 'Manage message templates',
  is_user_update_allowed: 'Manage users',
};
