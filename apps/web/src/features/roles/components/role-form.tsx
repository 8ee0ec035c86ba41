import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { roleWriteSchema, type Role, type RoleWriteInput } from '@paylane/shared/contracts/roles';
import { permissionFlags } from '@paylane/shared/permissions';
import { useState } from 'react';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLeaveConfirmation } from '../../../lib/use-leave-confirmation';
import { permissionLabels } from '../permission-labels';

const MIN = 'settings.min_merchant_payment_amount';
const MAX = 'settings.max_merchant_payment_amount';
const FIELDS: Path<RoleWriteInput>[] = [
  'role_name',
  'role_description',
  MIN,
  MAX,
  ...permissionFlags.map((flag) => `permissions.${flag}` as const),
];

const dollars = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2);

/** The form's values: every flag as a checkbox, amounts as typed dollars ('' is no limit). */
export function toRoleFormValues(role: Role | null): RoleWriteInput {
  return {
    role_name: role?.role_name ?? '',
    role_description: role?.role_description ?? '',
    permissions: Object.fromEntries(permissionFlags.map((flag) => [flag, role?.permissions[flag] ?? false])),
    settings: {
      min_merchant_payment_amount: dollars(role?.settings.min_merchant_payment_amount),
      max_merchant_payment_amount: dollars(role?.settings.max_merchant_payment_amount),
    },
  };
}

type RoleFormProps = {
  role: Role | null;
  /** Saves the values as typed (the server reads the same shape); throws the API error on failure. */
  onSave: (values: RoleWriteInput) => Promise<void>;
  /** After a successful save: leaving no longer asks. */
  onSaved: () => void;
  onCancel: () => void;
};

/** Name, description, a checkbox per permission flag and the payment limits; saving asks first (docs/product.md §8). */
export function RoleForm({ role, onSave, onSaved, onCancel }: RoleFormProps) {
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  // raw: the shared schema checks the values, and the API gets them as typed (it converts dollars itself).
  const form = useForm<RoleWriteInput, unknown, RoleWriteInput>({
    resolver: zodResolver(roleWriteSchema, undefined, { raw: true }),
    defaultValues: toRoleFormValues(role),
  });
  const { errors, isDirty } = form.formState;
  const leave = useLeaveConfirmation(isDirty);

  const save = async (values: RoleWriteInput) => {
    setFormMessages([]);
    setIsSaving(true);
    try {
      await onSave(values);
    } catch (error) {
      setIsSaving(false);
      setFormMessages(applyServerErrors(error, form.setError, FIELDS));
      return;
    }
    leave.allowNextNavigation();
    onSaved();
  };

  const onSubmit = form.handleSubmit((values) =>
    modals.openConfirmModal({
      title: 'Save Role',
      children: 'Are you sure you want to save changes?',
      labels: { confirm: 'Save', cancel: 'Cancel' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => void save(values),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={720}>
        <FormAlert messages={formMessages} />
        <TextInput label="Role Name" error={errors.role_name?.message} {...form.register('role_name')} />
        <Textarea
          label="Role Description"
          // Not autosize: it listens to document.fonts, which the test DOM does not have.
          rows={3}
          error={errors.role_description?.message}
          {...form.register('role_description')}
        />
        <Fieldset legend="Permissions">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {permissionFlags.map((flag) => (
              <Checkbox key={flag} label={permissionLabels[flag]} {...form.register(`permissions.${flag}`)} />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Payment Amount Limits">
          <Group grow align="flex-start">
            <AmountInput label="Minimum Payment Amount" name={MIN} form={form} errors={errors} />
            <AmountInput label="Maximum Payment Amount" name={MAX} form={form} errors={errors} />
          </Group>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AmountInputProps = {
  label: string;
  name: typeof MIN | typeof MAX;
  form: ReturnType<typeof useForm<RoleWriteInput, unknown, RoleWriteInput>>;
  errors: FieldErrors<RoleWriteInput>;
};

function AmountInput({ label, name, form, errors }: AmountInputProps) {
  const key = name === MIN ? 'min_merchant_payment_amount' : 'max_merchant_payment_amount';
  return (
    <TextInput
      label={label}
      description="Dollars; leave empty for no limit"
      inputMode="decimal"
      leftSection="$"
      error={errors.settings?.[key]?.message}
      {...form.register(name)}
    />
  );
}
