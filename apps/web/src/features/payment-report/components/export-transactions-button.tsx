import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { reportErrorText } from './report-error-text';
import { useExportTransactions, type ExportProgress } from '../api/export-transactions';
import type { PaymentReportFilters } from '../api/keys';

const count = new Intl.NumberFormat('en-US');

function receivedText(bytes: number): string {
  if (bytes < 1024) return `${count.format(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Rows of the total when the server announced one (X-Total-Count), else the bytes received so far. */
function progressText(progress: ExportProgress | null): string {
  if (!progress) return 'Exporting…';
  if (progress.totalRows !== null)
    return `Exporting… ${count.format(progress.rows)} of ${count.format(progress.totalRows)} rows`;
  return `Exporting… ${receivedText(progress.bytes)} received`;
}

function ExportProgressView({
  progress,
  onCancel,
}: {
  progress: ExportProgress | null;
  onCancel: () => void;
}) {
  const percent =
    progress?.totalRows != null && progress.totalRows > 0
      ? Math.round((progress.rows / progress.totalRows) * 100)
      : null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Stack gap={4} miw={220}>
        <Text size="sm" role="status">
          {progressText(progress)}
        </Text>
        {percent !== null ? <Progress value={percent} aria-label="Export progress" size="sm" /> : null}
      </Stack>
      <Button variant="default" size="compact-sm" onClick={onCancel}>
        Cancel Export
      </Button>
    </Group>
  );
}

/**
 * POST export_transactions with the report's filters (docs/product.md §7): the CSV streams in and is saved as a
 * file, its progress shown while it comes (large ranges take a while).
 */
export function ExportTransactionsButton({
  merchantId,
  filters,
}: {
  merchantId: string;
  filters: PaymentReportFilters;
}) {
  const exporting = useExportTransactions(merchantId);
  return (
    <Stack gap="xs" align="flex-end">
      {exporting.isExporting ? (
        <ExportProgressView progress={exporting.progress} onCancel={exporting.cancel} />
      ) : (
        <Button variant="default" onClick={() => exporting.start(filters)}>
          Export
        </Button>
      )}
      {exporting.error && !exporting.isExporting ? (
        <Alert color="red" variant="light" role="alert" maw={420}>
          {reportErrorText(exporting.error, 'The export could not be downloaded.')}
        </Alert>
      ) : null}
    </Stack>
  );
}
