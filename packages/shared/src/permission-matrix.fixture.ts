// docs/product.md §6 written out by hand, row by row: who may use each capability on a merchant without custom roles
// (standard) and on one with check_custom_roles (custom). The shared can() test, the API test (real routes)
// and the web test (what shows) all check against this one table, so the three cannot drift apart.
import { permissionFlags, type Capability, type PermissionFlag, type PermissionSubject } from './permissions';

const allFlags = Object.fromEntries(permissionFlags.map((flag) => [flag, true])) as Record<
  PermissionFlag,
  boolean
>;
export const matrixSubjects = {
  super_admin: { isSuperAdmin: true, roles: ['super_admin'] },
  admin: { isSuperAdmin: false, roles: ['admin'] },
  staff: { isSuperAdmin: false, roles: ['staff'] },
  custom_with_flags: { isSuperAdmin: false, roles: ['staff', 'Collector'], flags: allFlags },
  custom_without_flags: { isSuperAdmin: false, roles: ['staff', 'Viewer'], flags: {} },
} satisfies Record<string, PermissionSubject>;
export type MatrixSubject = keyof typeof matrixSubjects;

// The most common row: staff on standard merchants; on custom-role merchants only the matching flag.
const staffOrFlag: { standard: MatrixSubject[]; custom: MatrixSubject[] } = {
  standard: ['super_admin', 'admin', 'staff', 'custom_with_flags', 'custom_without_flags'],
  custom: ['super_admin', 'admin', 'custom_with_flags'],
};

export const expectedAccess: Record<Capability, { standard: MatrixSubject[]; custom: MatrixSubject[] }> = {
  groupMessage: staffOrFlag,
  freeText: staffOrFlag,
  manageTemplates: staffOrFlag,
  importCustomers: staffOrFlag,
  createCustomer: staffOrFlag,
  viewPaymentReports: staffOrFlag,
  viewActionReport: {
    standard: ['super_admin', 'admin', 'staff', 'custom_with_flags', 'custom_without_flags'],
    custom: ['super_admin', 'admin', 'staff', 'custom_with_flags', 'custom_without_flags'],
  },
  manageUsers: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin', 'custom_with_flags'] },
  manageRoles: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin'] },
  manageTags: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin'] },
  manageIntegrations: { standard: ['super_admin'], custom: ['super_admin'] },
  manageApiKeys: { standard: ['super_admin'], custom: ['super_admin'] },
  managePasstime: {
    standard: ['super_admin', 'admin'],
    custom: ['super_admin', 'admin', 'custom_with_flags'],
  },
  manageIturan: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin', 'custom_with_flags'] },
  viewDmsReport: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin'] },
  viewSuccessDashboard: { standard: ['super_admin'], custom: ['super_admin'] },
  // Beyond the docs/product.md §6 table (issue 4): customer edits and notes follow their flags; merging is for admins.
  updateCustomer: staffOrFlag,
  updateNotes: staffOrFlag,
  mergeRecords: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin'] },
  // Beyond the docs/product.md §6 table (issue 3): the merchant's own setup is for admins, the merchant record for super admins.
  manageMerchantSettings: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin'] },
  manageMerchantSetup: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin'] },
  manageMerchants: { standard: ['super_admin'], custom: ['super_admin'] },
  // Beyond the docs/product.md §6 table (issue 16): money decisions when taking a payment.
  waivePaymentFee: {
    standard: ['super_admin', 'admin'],
    custom: ['super_admin', 'admin', 'custom_with_flags'],
  },
  exceedRolePaymentLimits: {
    standard: ['super_admin', 'admin'],
    custom: ['super_admin', 'admin', 'custom_with_flags'],
  },
  correctPayments: {
    standard: ['super_admin', 'admin'],
    custom: ['super_admin', 'admin', 'custom_with_flags'],
  },
};
