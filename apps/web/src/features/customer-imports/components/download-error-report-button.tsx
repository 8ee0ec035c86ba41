import { Button } from '@mantine/core';
import { useDownloadErrorReport } from '../api/download-error-report';

/** The error report (row, field, message, then the row as uploaded), downloaded with the session's token. */
export function DownloadErrorReportButton(props: { merchantId: string; importId: string }) {
  const download = useDownloadErrorReport(props.merchantId, props.importId);
  return (
    <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
      Download error report
    </Button>
  );
}
