import { Button, Center, Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { accountTitle } from '../../../features/customer-accounts/components/account-card';
import { useCustomerNotes } from '../../../features/customer-notes/api/list-customer-notes';
import { NoteAddForm } from '../../../features/customer-notes/components/note-add-form';
import { NoteItem } from '../../../features/customer-notes/components/note-item';
import { QueryFallback } from '../../../components/query-fallback';
import { useCustomerPage } from './customer-page-context';

/** Notes, newest first. Adding and editing need updateNotes (is_note_update_allowed on custom-role merchants). */
export function CustomerNotesView() {
  const { merchantId, customer, timeZone, canUpdateNotes } = useCustomerPage();
  const notes = useCustomerNotes(merchantId, customer.id);
  const accountLabel = (accountId: string | null) => {
    const account = accountId ? customer.accounts.find((item) => item.id === accountId) : undefined;
    return account ? accountTitle(account) : null;
  };
  const list = notes.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Stack gap="md">
      {canUpdateNotes ? (
        <NoteAddForm
          merchantId={merchantId}
          customerId={customer.id}
          accounts={customer.accounts}
          accountLabel={accountTitle}
        />
      ) : null}
      {!notes.data ? (
        <QueryFallback query={notes} />
      ) : list.length === 0 ? (
        <EmptyState title="No notes yet." description="Notes about this customer will show here." />
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notes">
          {list.map((note) => (
            <NoteItem
              key={`${note.id}-${note.updated}`}
              merchantId={merchantId}
              customerId={customer.id}
              note={note}
              timeZone={timeZone}
              accountLabel={accountLabel(note.account_id)}
              canEdit={canUpdateNotes}
            />
          ))}
        </Stack>
      )}
      {notes.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            loading={notes.isFetchingNextPage}
            onClick={() => void notes.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
