import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMessageTemplates } from '../../../features/message-templates/api/list-message-templates';
import {
  TEMPLATE_PAGE_SIZES,
  TemplatesTable,
} from '../../../features/message-templates/components/templates-table';
import { PageHeader } from '../../../components/page-header';

const DEFAULT_PAGE_SIZE = TEMPLATE_PAGE_SIZES[0];

/** /merchants/{merchantID}/message-templates (docs/product.md §2 template list): search, Create Template, the table. */
export function TemplatesListPage() {
  const { merchantID = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('page_size')) === 100 ? 100 : DEFAULT_PAGE_SIZE;
  const [typed, setTyped] = useState(search);
  const templates = useMessageTemplates(merchantID, { page, page_size: pageSize, search });

  const update = (next: { search?: string; page?: number; pageSize?: number }) =>
    setParams(
      (current) => {
        const values = new URLSearchParams(current);
        const set = (key: string, value: string | null) =>
          value ? values.set(key, value) : values.delete(key);
        if (next.search !== undefined) set('search', next.search.trim());
        if (next.page !== undefined) set('page', next.page > 1 ? String(next.page) : null);
        if (next.pageSize !== undefined)
          set('page_size', next.pageSize === DEFAULT_PAGE_SIZE ? null : String(next.pageSize));
        return values;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <title>Message Templates · Paylane</title>
      <PageHeader
        title="Message Templates"
        actions={
          <Button
            component={Link}
            to={`/merchants/${encodeURIComponent(merchantID)}/message-templates/create`}
          >
            Create Template
          </Button>
        }
      />
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ search: typed, page: 1 });
        }}
      >
        <TextInput
          label="Search templates"
          placeholder="Template name"
          maw={360}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onBlur={() => typed.trim() !== search && update({ search: typed, page: 1 })}
        />
      </form>
      {templates.isError && !templates.data ? (
        <Alert color="red" variant="light">
          The templates could not be loaded.
        </Alert>
      ) : (
        <TemplatesTable
          merchantId={merchantID}
          templates={templates.data?.results}
          isFetching={templates.isFetching}
          isSearching={search !== ''}
          paging={{
            count: templates.data?.count ?? 0,
            page,
            pageSize,
            onChange: (next) => update({ page: next.page, pageSize: next.pageSize }),
          }}
        />
      )}
    </Stack>
  );
}
