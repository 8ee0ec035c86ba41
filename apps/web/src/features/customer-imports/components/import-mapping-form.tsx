import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  accountImportFields,
  importFieldLabels,
  importFields,
  requiredImportFields,
  type CustomerImport,
  type ImportField,
} from '@paylane/shared/contracts/customer-imports';
import { translateMessage } from '@paylane/shared/messages';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useMapCustomerImport } from '../api/map-customer-import';

type Mapping = Partial<Record<ImportField, string | null>>;
const accountFields: readonly ImportField[] = accountImportFields;
const customerFields = importFields.filter((field) => !accountFields.includes(field));

/** Required now: the customer id and name, and the account number and amount once any account column is used. */
function isRequired(field: ImportField, mapping: Mapping): boolean {
  if ((requiredImportFields as readonly ImportField[]).includes(field)) return true;
  const hasAccount = accountFields.some((name) => mapping[name]);
  return hasAccount && (field === 'account_external_id' || field === 'amount_due');
}

/** Step 2: which column holds each field; the server's guesses come preselected. Saving checks every row. */
export function ImportMappingForm(props: { merchantId: string; current: CustomerImport }) {
  const { current } = props;
  const [mapping, setMapping] = useState<Mapping>(current.mapping ?? current.suggested_mapping);
  const save = useMapCustomerImport(props.merchantId, current.id);
  const fieldErrors = isApiError(save.error) ? (save.error.fieldErrors ?? {}) : {};
  const formError = isApiError(save.error) && save.error.status === 409 ? save.error.detail : undefined;
  const select = (field: ImportField) => (
    <Select
      key={field}
      label={importFieldLabels[field]}
      placeholder="Not in this file"
      data={current.headers}
      value={mapping[field] ?? null}
      onChange={(header) => setMapping((before) => ({ ...before, [field]: header }))}
      clearable
      searchable
      withAsterisk={isRequired(field, mapping)}
      error={fieldErrors[field]?.map((text) => translateMessage(text)).join(' ')}
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ mapping });
      }}
    >
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {translateMessage(formError)}
          </Alert>
        ) : null}
        <Fieldset legend="Customer">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{customerFields.map(select)}</SimpleGrid>
        </Fieldset>
        <Fieldset legend="Account (optional)">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{accountFields.map(select)}</SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={save.isPending}
            variant={current.status === 'validated' ? 'light' : 'filled'}
          >
            {current.status === 'validated' ? 'Check the rows again' : 'Check rows'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
