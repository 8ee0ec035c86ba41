import { Alert, Anchor, Group, List, Progress, Stack, Text } from '@mantine/core';
import type { CustomerImport } from '@paylane/shared/contracts/customer-imports';
import { translateMessage } from '@paylane/shared/messages';
import { Link } from 'react-router';
import { DownloadErrorReportButton } from './download-error-report-button';
import { SectionTitle } from '../../../components/section-title';

/** Steps 4 and 5: the job's progress while it runs, then what it did. */
export function ImportProgress(props: {
  merchantId: string;
  current: CustomerImport;
  customersPath: string;
}) {
  const { current } = props;
  const isDone = current.status === 'completed' || current.status === 'failed';
  return (
    <Stack gap="md">
      <SectionTitle>{isDone ? 'Result' : 'Importing'}</SectionTitle>
      {isDone ? null : (
        <>
          <Progress value={current.progress} size="lg" aria-label="Import progress" animated />
          <Text>
            {current.status === 'queued'
              ? 'Waiting to start…'
              : `${current.processed_rows} of ${current.valid_rows} customers imported (${current.progress}%)`}
          </Text>
        </>
      )}
      {current.status === 'failed' ? (
        <Alert color="red" variant="light" role="alert" title="The import stopped">
          {translateMessage(current.error_message ?? '')} Customers imported before it stopped are saved.
        </Alert>
      ) : null}
      {isDone ? (
        <List aria-label="Import result">
          <List.Item>Created: {current.created_count}</List.Item>
          <List.Item>Updated: {current.updated_count}</List.Item>
          <List.Item>Skipped with errors: {current.invalid_rows}</List.Item>
        </List>
      ) : null}
      {isDone ? (
        <Group justify="space-between">
          <Anchor component={Link} to={props.customersPath}>
            Back to customers
          </Anchor>
          {current.invalid_rows > 0 ? (
            <DownloadErrorReportButton merchantId={props.merchantId} importId={current.id} />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
