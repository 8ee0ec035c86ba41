// Roles and the capability table of docs/product.md §6, shared by the server (enforcement) and the web (what to show).

export const standardRoles = ['super_admin', 'admin', 'staff'] as const;
export type StandardRole = (typeof standardRoles)[number];

/** The custom-role permission flags of docs/product.md §3. */
export const permissionFlags = [
  'is_customer_campaign_allowed',
  'is_customer_free_text_allowed',
  'is_customer_update_allowed',
  'is_merchant_passtime_allowed',
  'is_merchant_ituran_allowed',
  'is_merchant_payment_report_allowed',
  'is_merchant_payout_report_allowed',
  'is_note_update_allowed',
  'is_payment_refund_allowed',
  'is_payment_threshold_allowed',
  'is_payment_waive_fee_allowed',
  'is_template_update_allowed',
  'is_user_update_allowed',
] as const;
export type PermissionFlag = (typeof permissionFlags)[number];

export type PermissionSubject = {
  isSuperAdmin: boolean;
  /** Standard roles the user holds in the merchant ('admin', 'staff'). */
  roles: readonly string[];
  /** Flags of the user's custom role in the merchant, if any. */
  flags?: Partial<Record<PermissionFlag, boolean>>;
};

export type PermissionMerchant = {
  check_custom_roles: boolean;
  allow_group_message: boolean;
  is_integrated: boolean;
};

type Rule = {
  admin: boolean;
  /** Standard staff are allowed on merchants without custom roles. */
  staff: boolean;
  /** On custom-role merchants a non-admin needs this flag (staff rights do not apply there). */
  flag?: PermissionFlag;
  /** Staff keep the right even on custom-role merchants (rows of docs/product.md §6 that name staff without a flag). */
  staffAlways?: boolean;
  merchantCondition?: (merchant: PermissionMerchant) => boolean;
};

export const capabilities = {
  groupMessage: {
    admin: true,
    staff: true,
    flag: 'is_customer_campaign_allowed',
    merchantCondition: (m) => m.allow_group_message,
  },
  freeText: { admin: true, staff: true, flag: 'is_customer_free_text_allowed' },
  manageTemplates: { admin: true, staff: true, flag: 'is_template_update_allowed' },
  importCustomers: { admin: true, staff: true, flag: 'is_customer_update_allowed' },
  createCustomer: {
    admin: true,
    staff: true,
    flag: 'is_customer_update_allowed',
    merchantCondition: (m) => !m.is_integrated,
  },
  viewPaymentReports: { admin: true, staff: true, flag: 'is_merchant_payment_report_allowed' },
  viewActionReport: { admin: true, staff: true, staffAlways: true },
  manageUsers: { admin: true, staff: false, flag: 'is_user_update_allowed' },
  manageRoles: { admin: true, staff: false },
  manageTags: { admin: true, staff: false },
  manageIntegrations: { admin: false, staff: false },
  manageApiKeys: { admin: false, staff: false },
  managePasstime: { admin: true, staff: false, flag: 'is_merchant_passtime_allowed' },
  manageIturan: { admin: true, staff: false, flag: 'is_merchant_ituran_allowed' },
  viewDmsReport: { admin: true, staff: false },
  viewSuccessDashboard: { admin: false, staff: false },
  // Not in the docs/product.md §6 table; decided with issue 3: the merchant's own setup (general settings, audit log,
  // locations, merchant accounts, owners) is for admins, and the merchant record itself for super admins.
  // Not in the docs/product.md §6 table; decided with issue 4: editing a customer, their accounts, tags and co-borrowers
  // follows 'Customer import/create'; notes follow is_note_update_allowed; the merge tools are for admins.
  updateCustomer: { admin: true, staff: true, flag: 'is_customer_update_allowed' },
  updateNotes: { admin: true, staff: true, flag: 'is_note_update_allowed' },
  mergeRecords: { admin: true, staff: false },
  manageMerchantSettings: { admin: true, staff: false },
  manageMerchantSetup: { admin: true, staff: false },
  manageMerchants: { admin: false, staff: false },
  // Beyond the docs/product.md §6 table (issue 16): waiving a convenience fee and taking a payment outside the
  // custom role's minimum and maximum are money decisions — admins, or a custom role with the flag.
  waivePaymentFee: { admin: true, staff: false, flag: 'is_payment_waive_fee_allowed' },
  exceedRolePaymentLimits: { admin: true, staff: false, flag: 'is_payment_threshold_allowed' },
  // Undoing money already recorded (refunds, corrections of cash and check payments).
  correctPayments: { admin: true, staff: false, flag: 'is_payment_refund_allowed' },
} satisfies Record<string, Rule>;
export type Capability = keyof typeof capabilities;

/** Whether the user may use a capability in the merchant (docs/product.md §6). Super admins may do everything. */
export function can(user: PermissionSubject, merchant: PermissionMerchant, capability: Capability): boolean {
  const rule: Rule = capabilities[capability];
  if (rule.merchantCondition && !rule.merchantCondition(merchant)) return false;
  if (user.isSuperAdmin) return true;
  if (rule.admin && user.roles.includes('admin')) return true;
  if (merchant.check_custom_roles) {
    if (rule.flag && user.flags?.[rule.flag] === true) return true;
    return Boolean(rule.staffAlways && user.roles.includes('staff'));
  }
  // Without check_custom_roles, custom flags count for nothing: the standard role decides (docs/product.md §6).
  return rule.staff && user.roles.includes('staff');
}

/** docs/product.md §3: 'Admin' or 'Staff', else capitalised role names joined; with custom roles only the first. */
export function displayRoles(roles: readonly string[], hasCustomRoles = false): string {
  if (roles.length === 0) return '';
  if (roles.includes('super_admin')) return 'Super Admin';
  if (roles.includes('admin')) return 'Admin';
  if (roles.length === 1 && roles[0] === 'staff') return 'Staff';
  const shown = hasCustomRoles ? roles.slice(0, 1) : roles;
  return shown.map(capitalise).join(', ');
}

function capitalise(role: string): string {
  return role
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
