import { Alert, Button, Group, Pagination, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ACCOUNT_TAGS_PAGE_SIZE, type AccountTag } from '@paylane/shared/contracts/account-tags';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useAccountTags } from '../../../features/account-tags/api/list-account-tags';
import { AccountTagFormModal } from '../../../features/account-tags/components/account-tag-form-modal';
import { AccountTagTable } from '../../../features/account-tags/components/account-tag-table';
import { SectionTitle } from '../../../components/section-title';
import { LinesSkeleton } from '../../../components/form-skeleton';

/** /merchants/{merchantID}/settings/tags (docs/product.md §2): 40 tags a page; add, rename, remove. */
export function TagsSettingsPage() {
  const { merchantID = '' } = useParams();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  // undefined: closed; null: adding; a tag: renaming it.
  const [editing, setEditing] = useState<AccountTag | null | undefined>(undefined);
  const tags = useAccountTags(merchantID, { page, search: debouncedSearch });
  const pageCount = Math.ceil((tags.data?.count ?? 0) / ACCOUNT_TAGS_PAGE_SIZE);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <SectionTitle>Tags</SectionTitle>
        <Button onClick={() => setEditing(null)}>Add Tag</Button>
      </Group>
      <TextInput
        label="Search tags"
        value={search}
        maw={360}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <TagsBody state={tags} merchantId={merchantID} onRename={setEditing} />
      {/* docs/product.md §9: the footer shows only when there is more than one page. */}
      {pageCount > 1 && (
        <Group justify="flex-end">
          <Pagination total={pageCount} value={page} onChange={setPage} aria-label="Tag pages" />
        </Group>
      )}
      {editing !== undefined && (
        <AccountTagFormModal merchantId={merchantID} tag={editing} onClose={() => setEditing(undefined)} />
      )}
    </Stack>
  );
}

type BodyProps = {
  state: ReturnType<typeof useAccountTags>;
  merchantId: string;
  onRename: (tag: AccountTag) => void;
};

function TagsBody({ state, merchantId, onRename }: BodyProps) {
  if (state.data) {
    return state.data.results.length === 0 ? (
      <EmptyState title="No tags found." description="Add a tag to label customer accounts." />
    ) : (
      <AccountTagTable merchantId={merchantId} tags={state.data.results} onRename={onRename} />
    );
  }
  if (state.isError) {
    return (
      <Alert color="red" variant="light">
        The tags could not be loaded.
      </Alert>
    );
  }
  return <LinesSkeleton />;
}
