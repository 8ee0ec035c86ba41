import { Select } from '@mantine/core';
import type { CustomRoleRef } from '@paylane/shared/contracts/merchant-users';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type RoleFields = { role?: 'admin' | 'staff' | undefined; custom_role_id?: string | null | undefined };

type RoleSelectFieldsProps<T extends FieldValues & RoleFields> = {
  control: Control<T>;
  errors: { role?: string | undefined; custom_role_id?: string | undefined };
  /** Admins and super admins only: a user manager through a custom role gives staff only. */
  canGrantAdmin: boolean;
  /** The merchant's custom roles; null when the merchant does not check custom roles (no select). */
  customRoles: CustomRoleRef[] | null;
};

/** The standard role and, on custom-role merchants, the custom role (docs/product.md §3, §6). */
export function RoleSelectFields<T extends FieldValues & RoleFields>(props: RoleSelectFieldsProps<T>) {
  const { control, errors, canGrantAdmin, customRoles } = props;
  const roleData = [
    { value: 'staff', label: 'Staff' },
    { value: 'admin', label: 'Admin', disabled: !canGrantAdmin },
  ];
  return (
    <>
      <Controller
        control={control}
        name={'role' as Path<T>}
        render={({ field }) => (
          <Select
            label="Role"
            data={roleData}
            allowDeselect={false}
            value={(field.value as string | undefined) ?? null}
            onChange={(value) => field.onChange(value ?? undefined)}
            onBlur={field.onBlur}
            error={errors.role}
            description={canGrantAdmin ? undefined : 'Only an admin can give the admin role.'}
          />
        )}
      />
      {customRoles ? (
        <Controller
          control={control}
          name={'custom_role_id' as Path<T>}
          render={({ field }) => (
            <Select
              label="Custom Role"
              placeholder="No custom role"
              data={customRoles.map((role) => ({ value: role.id, label: role.role_name }))}
              clearable
              value={(field.value as string | null | undefined) ?? null}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              error={errors.custom_role_id}
            />
          )}
        />
      ) : null}
    </>
  );
}
