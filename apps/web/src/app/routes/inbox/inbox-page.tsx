import { Box, Button, Center, Grid, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  INBOX_COUNT_CAP,
  inboxViewLabels,
  inboxViews,
  type InboxCounts,
  type InboxView,
} from '@paylane/shared/contracts/inbox';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { InboxFilters } from '../../../features/inbox/api/keys';
import { useInboxCounts } from '../../../features/inbox/api/inbox-counts';
import { useInbox } from '../../../features/inbox/api/list-inbox';
import { ConversationList } from '../../../features/inbox/components/conversation-list';
import { InboxFiltersModal } from '../../../features/inbox/components/inbox-filters-modal';
import { InboxSearchBar } from '../../../features/inbox/components/inbox-search-bar';
import { useMediaQuery } from '@mantine/hooks';
import { useInboxKeys } from '../../../features/inbox/hooks/use-inbox-keys';
import { useInboxSocket } from '../../../features/inbox/hooks/use-inbox-socket';
import { useOpenConversation } from '../../../features/inbox/hooks/use-open-conversation';
import { ComposeModal } from '../../../features/mass-messages/components/compose-modal';
import { useMerchant } from '../../../features/merchants/api/get-merchant';
import { useCan } from '../../../features/profile/hooks/use-can';
import { useSignedInUser } from '../../../features/profile/hooks/use-signed-in-user';
import { PageHeader } from '../../../components/page-header';
import { CHAT_HEIGHT, SelectedChat } from './selected-chat';

/** docs/product.md §2: default search field Customer ID, All Locations; the view the user chose last (issue 20). */
export const defaultInboxFilters: Omit<InboxFilters, 'view'> = {
  search: '',
  field: 'external_id',
  location: 'all',
};

const VIEW_STORAGE_KEY = 'paylane.inbox.view';

/**
 * The view a link asks for (Home's 'Replies waiting' opens Needs reply), else the one chosen last on this
 * browser; All (the spec's list) the first time.
 */
function initialView(linked: string | null): InboxView {
  const asked = inboxViews.find((view) => view === linked);
  if (asked) return asked;
  const stored = window.localStorage.getItem(VIEW_STORAGE_KEY);
  return inboxViews.find((view) => view === stored) ?? 'all';
}

/** The views side by side; Snoozed, looked at now and then, is a toggle under them (five do not fit 300 px). */
const triageViews = inboxViews.filter((view) => view !== 'snoozed');

const countText = (count: number) => (count > INBOX_COUNT_CAP ? `${INBOX_COUNT_CAP}+` : String(count));

function viewLabel(view: InboxView, counts: InboxCounts | undefined): string {
  const count = view === 'needs_reply' ? counts?.needs_reply : view === 'unread' ? counts?.unread : undefined;
  return count ? `${inboxViewLabels[view]} ${countText(count)}` : inboxViewLabels[view];
}

/** /merchants/{merchantID}/inbox (docs/product.md §2 Inbox screen): conversations on the left, the chosen chat right. */
export function InboxPage() {
  const { merchantID = '' } = useParams();
  return <MerchantInbox key={merchantID} merchantId={merchantID} />;
}

function MerchantInbox({ merchantId }: { merchantId: string }) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('customer');
  const [filters, setFilters] = useState<InboxFilters>(() => ({
    ...defaultInboxFilters,
    view: initialView(params.get('view')),
  }));
  const [isFiltersOpen, setIsFiltersOpen] = useState(false);
  const [isComposeOpen, setIsComposeOpen] = useState(false);
  const { data: merchant } = useMerchant(merchantId);
  const canGroupMessage = useCan('groupMessage', merchantId);
  const inbox = useInbox(merchantId, filters);
  const { data: counts } = useInboxCounts(merchantId);
  const { profile } = useSignedInUser();
  useInboxSocket(merchantId, selectedId);
  useOpenConversation(merchantId, selectedId);
  const entries = inbox.data?.pages.flatMap((page) => page.results) ?? [];
  const timeZone = merchant?.time_zone ?? null;

  const chooseView = (view: InboxView) => {
    window.localStorage.setItem(VIEW_STORAGE_KEY, view);
    setFilters((current) => ({ ...current, view }));
  };

  const select = (customerId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('customer', customerId);
      return next;
    });
  useInboxKeys({ entries, selectedId, onSelect: select });
  // Below the md breakpoint the chat opens over the list, full screen, with a way back (issue 20).
  const isNarrow = useMediaQuery('(max-width: 61.99em)') ?? false;
  const closeChat = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('customer');
      return next;
    });

  return (
    <Stack gap="md">
      <title>Inbox · Paylane</title>
      <PageHeader
        title="Inbox"
        actions={
          canGroupMessage ? <Button onClick={() => setIsComposeOpen(true)}>Group Message</Button> : null
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md">
            <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <InboxSearchBar
                filters={filters}
                onChange={setFilters}
                onOpenFilters={() => setIsFiltersOpen(true)}
                onReset={() => setFilters((current) => ({ ...defaultInboxFilters, view: current.view }))}
              />
              <SegmentedControl
                mt="xs"
                fullWidth
                size="xs"
                aria-label="Conversations to show"
                // Snoozed chosen: no segment is.
                value={filters.view === 'snoozed' ? '' : filters.view}
                onChange={(value) => chooseView(value as InboxView)}
                data={triageViews.map((view) => ({ value: view, label: viewLabel(view, counts) }))}
              />
              <Group justify="flex-end" mt={4}>
                <Button
                  size="compact-xs"
                  variant={filters.view === 'snoozed' ? 'light' : 'subtle'}
                  aria-pressed={filters.view === 'snoozed'}
                  onClick={() => chooseView(filters.view === 'snoozed' ? 'all' : 'snoozed')}
                >
                  {inboxViewLabels.snoozed}
                </Button>
              </Group>
            </Box>
            <Box style={{ maxHeight: 'max(480px, calc(100dvh - 330px))', overflowY: 'auto' }}>
              <ConversationList
                entries={entries}
                selectedId={selectedId}
                onSelect={select}
                isLoading={inbox.isPending}
                hasMore={inbox.hasNextPage}
                isLoadingMore={inbox.isFetchingNextPage}
                onLoadMore={() => void inbox.fetchNextPage()}
                timeZone={timeZone}
                currentUserId={profile?.id ?? null}
              />
            </Box>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selectedId ? (
            <SelectedChat
              merchantId={merchantId}
              customerId={selectedId}
              timeZone={timeZone}
              entry={entries.find((entry) => entry.customer_id === selectedId)}
              fullScreen={isNarrow}
              onBack={closeChat}
            />
          ) : isNarrow ? null : (
            <Paper withBorder radius="md" h={CHAT_HEIGHT}>
              <Center h="100%">
                <Text c="dimmed">Select a Customer</Text>
              </Center>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      {isFiltersOpen ? (
        <InboxFiltersModal
          merchantId={merchantId}
          location={filters.location}
          onApply={(location) => setFilters((current) => ({ ...current, location }))}
          onClose={() => setIsFiltersOpen(false)}
        />
      ) : null}
      {isComposeOpen ? (
        <ComposeModal merchantId={merchantId} onClose={() => setIsComposeOpen(false)} />
      ) : null}
    </Stack>
  );
}
