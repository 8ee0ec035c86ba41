import { Alert, Button, Group, Pagination, Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { API_KEYS_PAGE_SIZE, useApiKeys } from '../../../features/api-keys/api/list-api-keys';
import { ApiKeyTable } from '../../../features/api-keys/components/api-key-table';
import { CreateApiKeyModal } from '../../../features/api-keys/components/create-api-key-modal';
import { SectionTitle } from '../../../components/section-title';
import { LinesSkeleton } from '../../../components/form-skeleton';

/** /merchants/{merchantID}/settings/api-keys (docs/product.md §2; super admins). */
export function ApiKeysSettingsPage() {
  const { merchantID = '' } = useParams();
  const [page, setPage] = useState(1);
  const [isCreating, setIsCreating] = useState(false);
  const apiKeys = useApiKeys(merchantID, page);
  const pageCount = Math.ceil((apiKeys.data?.count ?? 0) / API_KEYS_PAGE_SIZE);

  return (
    <Stack>
      <Group justify="space-between">
        <SectionTitle>API Keys</SectionTitle>
        <Button onClick={() => setIsCreating(true)}>Create API Key</Button>
      </Group>
      <ApiKeysBody state={apiKeys} merchantId={merchantID} />
      {pageCount > 1 && (
        <Group justify="flex-end">
          <Pagination total={pageCount} value={page} onChange={setPage} aria-label="API key pages" />
        </Group>
      )}
      {isCreating && <CreateApiKeyModal merchantId={merchantID} onClose={() => setIsCreating(false)} />}
    </Stack>
  );
}

function ApiKeysBody({ state, merchantId }: { state: ReturnType<typeof useApiKeys>; merchantId: string }) {
  if (state.data) {
    return state.data.results.length === 0 ? (
      <EmptyState title="No API keys yet." description="Create a key to let another system call the API." />
    ) : (
      <ApiKeyTable merchantId={merchantId} apiKeys={state.data.results} />
    );
  }
  if (state.isError) {
    return (
      <Alert color="red" variant="light">
        The API keys could not be loaded.
      </Alert>
    );
  }
  return <LinesSkeleton />;
}
