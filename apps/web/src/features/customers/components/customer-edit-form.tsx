import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { customerWriteSchema, type Customer } from '@paylane/shared/contracts/customers';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLeaveConfirmation } from '../../../lib/use-leave-confirmation';
import { useUpdateCustomer } from '../api/update-customer';
import { useVoidCustomer } from '../api/void-customer';
import { CustomerFields } from './customer-fields';
import {
  customerFieldNames,
  customerFormValues,
  toCustomerWrite,
  type CustomerFormInput,
} from './customer-form-values';
import { customerName } from './customers-table';

// raw: checked by the shared schema, sent as typed (see customer-form-values.ts).
const checkCustomer: Resolver<CustomerFormInput, unknown, CustomerFormInput> = zodResolver(
  customerWriteSchema,
  undefined,
  { raw: true },
);

type Props = {
  merchantId: string;
  customer: Customer;
  /** updateCustomer, and the customer is not voided; otherwise the fields are read-only. */
  canUpdate: boolean;
  onSaved: () => void;
  onVoided: () => void;
};

/** docs/product.md §2 .../customers/{customerID}/detail: the customer's fields, Save, and Void Customer. */
export function CustomerEditForm({ merchantId, customer, canUpdate, onSaved, onVoided }: Props) {
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const form = useForm<CustomerFormInput, unknown, CustomerFormInput>({
    resolver: checkCustomer,
    defaultValues: customerFormValues(customer),
  });
  const updateCustomer = useUpdateCustomer(merchantId, customer.id);
  const voidCustomer = useVoidCustomer(merchantId, customer.id);
  const leave = useLeaveConfirmation(form.formState.isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    try {
      await updateCustomer.mutateAsync(toCustomerWrite(values));
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, customerFieldNames));
      return;
    }
    leave.allowNextNavigation();
    onSaved();
  });

  // docs/product.md §8: 'Are you sure you would like to remove {name}?'
  const confirmVoid = () =>
    modals.openConfirmModal({
      title: 'Void Customer',
      children: <Text size="sm">Are you sure you would like to remove {customerName(customer)}?</Text>,
      labels: { confirm: 'Void Customer', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () =>
        voidCustomer.mutate(undefined, {
          onSuccess: () => {
            leave.allowNextNavigation();
            onVoided();
          },
        }),
    });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={880}>
        <FormAlert messages={formMessages} />
        <CustomerFields form={form} merchantId={merchantId} disabled={!canUpdate} />
        {canUpdate ? (
          <Group justify="space-between">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
            <Button variant="light" color="red" onClick={confirmVoid} loading={voidCustomer.isPending}>
              Void Customer
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
