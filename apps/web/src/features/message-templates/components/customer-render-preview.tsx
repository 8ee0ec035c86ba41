import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { BodyType } from '@paylane/shared/messaging';
import { useState } from 'react';
import { useCustomers } from '../../customers/api/list-customers';
import { useRenderForCustomer, type RenderTarget } from '../api/render-message-template';
import { RenderedBody } from './rendered-body';

const RESULTS = 20;

type Props = { merchantId: string; templateId: string; type: BodyType };

/** 'Preview for a customer': the saved template filled with a real customer's first account. */
export function CustomerRenderPreview({ merchantId, templateId, type }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [target, setTarget] = useState<(RenderTarget & { label: string }) | null>(null);
  const customers = useCustomers(merchantId, {
    search: debounced && debounced !== target?.label ? debounced : undefined,
    page_size: RESULTS,
  });
  const results = customers.data?.results ?? [];
  const options = results.map((customer) => ({
    value: customer.id,
    label:
      `${customer.first_name} ${customer.last_name}`.trim() +
      (customer.external_id ? ` · ${customer.external_id}` : ''),
  }));
  if (target && !options.some((option) => option.value === target.customerId)) {
    options.unshift({ value: target.customerId, label: target.label });
  }
  const render = useRenderForCustomer(merchantId, templateId, target, type);

  return (
    <Stack gap="xs">
      <Select
        label="Preview for a customer"
        description="Shows the saved template filled in for this customer's first account."
        placeholder="Search by name, ID, phone or email"
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        filter={({ options: shown }) => shown}
        value={target?.customerId ?? null}
        onChange={(customerId, option) => {
          const customer = results.find((item) => item.id === customerId);
          setTarget(
            customerId && option
              ? { customerId, accountId: customer?.accounts[0]?.id ?? null, label: option.label }
              : null,
          );
        }}
        nothingFoundMessage={customers.isFetching ? 'Searching…' : 'No Results Found'}
        maw={420}
      />
      {target ? (
        <RenderedBody
          label={`Preview for ${target.label}`}
          text={render.data?.rendered_body}
          isLoading={render.isFetching && !render.data}
          isError={render.isError}
        />
      ) : (
        <Text size="xs" c="dimmed">
          Choose a customer to see the message they would get.
        </Text>
      )}
    </Stack>
  );
}
