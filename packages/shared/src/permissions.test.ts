import { describe, expect, it } from 'vitest';
import {
  expectedAccess as expected,
  matrixSubjects as subjects,
  type MatrixSubject as SubjectName,
} from './permission-matrix.fixture';
import { can, capabilities, displayRoles, type Capability } from './permissions';

const merchant = (checkCustomRoles: boolean) => ({
  check_custom_roles: checkCustomRoles,
  allow_group_message: true,
  is_integrated: false,
});

describe('can(): the capability table of docs/product.md §6', () => {
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

describe('displayRoles (docs/product.md §3)', () => {
  it('shows Admin or Staff, else capitalised names joined, and only the first with custom roles', () => {
    expect(displayRoles(['admin'])).toBe('Admin');
    expect(displayRoles(['staff'])).toBe('Staff');
    expect(displayRoles(['collections_lead', 'night_shift'])).toBe('Collections Lead, Night Shift');
    expect(displayRoles(['collections_lead', 'night_shift'], true)).toBe('Collections Lead');
    expect(displayRoles([])).toBe('');
  });
});
