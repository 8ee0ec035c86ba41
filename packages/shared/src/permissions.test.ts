import { describe, expect, it } from 'vitest';
import {
  can,
  capabilities,
  displayRoles,
  permissionFlags,
  type Capability,
  type PermissionFlag,
  type PermissionSubject,
} from './permissions';

const allFlags = Object.fromEntries(permissionFlags.map((flag) => [flag, true])) as Record<
  PermissionFlag,
  boolean
>;
const subjects = {
  super_admin: { isSuperAdmin: true, roles: ['super_admin'] },
  admin: { isSuperAdmin: false, roles: ['admin'] },
  staff: { isSuperAdmin: false, roles: ['staff'] },
  custom_with_flags: { isSuperAdmin: false, roles: ['staff', 'Collector'], flags: allFlags },
  custom_without_flags: { isSuperAdmin: false, roles: ['staff', 'Viewer'], flags: {} },
} satisfies Record<string, PermissionSubject>;
type SubjectName = keyof typeof subjects;

// The most common row: staff on standard merchants; on custom-role merchants only the matching flag.
const staffOrFlag: { standard: SubjectName[]; custom: SubjectName[] } = {
  standard: ['super_admin', 'admin', 'staff', 'custom_with_flags', 'custom_without_flags'],
  custom: ['super_admin', 'admin', 'custom_with_flags'],
};

// Spec §6, row by row, written out by hand: who may use each capability on a merchant without custom
// roles (standard) and on one with check_custom_roles (custom).
const expected: Record<Capability, { standard: SubjectName[]; custom: SubjectName[] }> = {
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
  // Beyond the §6 table (issue 3): the merchant's own setup is for admins, the merchant record for super admins.
  manageMerchantSettings: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin'] },
  manageMerchantSetup: { standard: ['super_admin', 'admin'], custom: ['super_admin', 'admin'] },
  manageMerchants: { standard: ['super_admin'], custom: ['super_admin'] },
};

const merchant = (checkCustomRoles: boolean) => ({
  check_custom_roles: checkCustomRoles,
  allow_group_message: true,
  is_integrated: false,
});

describe('can(): the capability table of spec §6', () => {
  it('covers every capability', () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(capabilities).sort());
  });

  for (const capability of Object.keys(expected) as Capability[]) {
    for (const kind of ['standard', 'custom'] as const) {
      it(`${capability} on a ${kind} merchant`, () => {
        const allowed = (Object.keys(subjects) as SubjectName[]).filter((name) =>
          can(subjects[name], merchant(kind === 'custom'), capability),
        );
        expect(allowed).toEqual(expected[capability][kind]);
      });
    }
  }

  it('needs the matching flag, not any flag, on custom-role merchants', () => {
    const onlyTemplates = {
      isSuperAdmin: false,
      roles: ['Writer'],
      flags: { is_template_update_allowed: true },
    };
    expect(can(onlyTemplates, merchant(true), 'manageTemplates')).toBe(true);
    expect(can(onlyTemplates, merchant(true), 'freeText')).toBe(false);
  });

  it('hides Group Message without allow_group_message and create-customer on integrated merchants, for everyone', () => {
    const noGroups = { ...merchant(false), allow_group_message: false };
    const integrated = { ...merchant(false), is_integrated: true };
    for (const subject of Object.values(subjects)) {
      expect(can(subject, noGroups, 'groupMessage')).toBe(false);
      expect(can(subject, integrated, 'createCustomer')).toBe(false);
      expect(can(subject, integrated, 'importCustomers')).toBe(
        can(subject, merchant(false), 'importCustomers'),
      );
    }
  });
});

describe('displayRoles (spec §3)', () => {
  it('shows Admin or Staff, else capitalised names joined, and only the first with custom roles', () => {
    expect(displayRoles(['admin'])).toBe('Admin');
    expect(displayRoles(['staff'])).toBe('Staff');
    expect(displayRoles(['collections_lead', 'night_shift'])).toBe('Collections Lead, Night Shift');
    expect(displayRoles(['collections_lead', 'night_shift'], true)).toBe('Collections Lead');
    expect(displayRoles([])).toBe('');
  });
});
