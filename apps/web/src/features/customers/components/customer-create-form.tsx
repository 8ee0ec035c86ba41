import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Switch } from '@mantine/core';
import { customerCreateSchema, type Customer } from '@paylane/shared/contracts/customers';
import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLeaveConfirmation } from '../../../lib/use-leave-confirmation';
import { useCreateCustomer } from '../api/create-customer';
import { AccountFields } from './account-fields';
import { CustomerFields } from './customer-fields';
import {
  accountFieldNames,
  customerFieldNames,
  emptyAccountValues,
  emptyCustomerValues,
  type CustomerFormInput,
} from './customer-form-values';

const fieldNames = [...customerFieldNames, ...accountFieldNames];
// raw: the shared schema checks the values and the API receives them as typed (it converts them itself).
const checkCustomer = zodResolver(customerCreateSchema, undefined, { raw: true });

type Props = {
  merchantId: string;
  onCreated: (customer: Customer) => void;
};

/** docs/product.md §2 /customers/create: the customer and, when asked for, their first account. */
export function CustomerCreateForm({ merchantId, onCreated }: Props) {
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [hasAccount, setHasAccount] = useState(false);
  // Read by the resolver when the form is checked: without the section, no account is checked or sent.
  const hasAccountRef = useRef(false);
  const resolver: Resolver<CustomerFormInput, unknown, CustomerFormInput> = (values, context, options) =>
    checkCustomer(hasAccountRef.current ? values : { ...values, account: undefined }, context, options);
  const form = useForm<CustomerFormInput, unknown, CustomerFormInput>({
    resolver,
    defaultValues: { ...emptyCustomerValues, account: emptyAccountValues },
  });
  const createCustomer = useCreateCustomer(merchantId);
  const leave = useLeaveConfirmation(form.formState.isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessages([]);
    let customer: Customer;
    try {
      customer = await createCustomer.mutateAsync(values);
    } catch (error) {
      setFormMessages(applyServerErrors(error, form.setError, fieldNames));
      return;
    }
    leave.allowNextNavigation();
    onCreated(customer);
  });
  const toggleAccount = (next: boolean) => {
    hasAccountRef.current = next;
    setHasAccount(next);
    if (!next) form.clearErrors('account');
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={880}>
        <FormAlert messages={formMessages} />
        <CustomerFields form={form} merchantId={merchantId} />
        <Switch
          label="Add the first account"
          checked={hasAccount}
          onChange={(event) => toggleAccount(event.currentTarget.checked)}
        />
        {hasAccount ? <AccountFields form={form} merchantId={merchantId} /> : null}
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Create Customer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
