import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_DATA_TABLE_PAGE_SIZE } from '../../../components/data-table/data-table';
import { useCurrentMerchant } from '../../merchants/hooks/use-current-merchant';
import { useHomeMessages, type HomeMessageList } from '../api/list-home-messages';
import { autoColumns, HomeMessagesTable, inboundColumns } from './home-messages-table';
import { SectionTitle } from '../../../components/section-title';

type Props = {
  list: HomeMessageList;
  title: string;
  emptyTitle: string;
  emptyDescription: string;
};

/** One of the home lists (docs/product.md §2 Home) for the current merchant. */
export function HomeMessagesSection(props: Props) {
  const { merchantId, merchant } = useCurrentMerchant();
  if (!merchantId) {
    return (
      <Stack>
        <SectionTitle>{props.title}</SectionTitle>
        <Alert color="yellow" variant="light">
          Choose a merchant to see its messages.
        </Alert>
      </Stack>
    );
  }
  return (
    <MerchantMessages
      key={merchantId}
      {...props}
      merchantId={merchantId}
      timeZone={merchant?.time_zone ?? null}
    />
  );
}

function MerchantMessages(props: Props & { merchantId: string; timeZone: string | null }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_DATA_TABLE_PAGE_SIZE });
  const rows = useHomeMessages(props.merchantId, props.list, {
    page: paging.page,
    page_size: paging.pageSize,
  });
  return (
    <Stack>
      <SectionTitle>{props.title}</SectionTitle>
      {rows.isError && !rows.data ? (
        <Alert color="red" variant="light">
          {`${props.title} could not be loaded.`}
        </Alert>
      ) : (
        <HomeMessagesTable
          label={props.title}
          merchantId={props.merchantId}
          timeZone={props.timeZone}
          columns={props.list === 'auto' ? autoColumns : inboundColumns}
          rows={rows.data?.results}
          isFetching={rows.isPlaceholderData}
          emptyTitle={props.emptyTitle}
          emptyDescription={props.emptyDescription}
          paging={{
            count: rows.data?.count ?? 0,
            page: paging.page,
            pageSize: paging.pageSize,
            onChange: setPaging,
          }}
        />
      )}
    </Stack>
  );
}
