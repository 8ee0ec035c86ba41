import { Alert, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { CustomerImport } from '@paylane/shared/contracts/customer-imports';
import { translateMessage } from '@paylane/shared/messages';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useUploadCustomerImport } from '../api/upload-customer-import';

// Spreadsheets save CSV as text/csv; Windows browsers often report it as an Excel type.
const CSV_TYPES = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv'] };
export const NOT_A_CSV = 'Choose a CSV file (.csv)';

/** The server's words for a refused file: 400 {file: [...]} or 413 {detail}. */
function uploadErrorText(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  const texts = [...(error.fieldErrors?.file ?? []), ...(error.detail ? [error.detail] : [])];
  return texts.map((text) => translateMessage(text)).join(' ') || null;
}

/** Step 1: drop or choose the CSV file; the server reads it and answers its columns. */
export function ImportUpload(props: { merchantId: string; onUploaded: (created: CustomerImport) => void }) {
  const upload = useUploadCustomerImport(props.merchantId);
  const [rejected, setRejected] = useState(false);
  const error = rejected ? NOT_A_CSV : uploadErrorText(upload.error);
  return (
    <Stack gap="sm">
      <Dropzone
        accept={CSV_TYPES}
        multiple={false}
        loading={upload.isPending}
        inputProps={{ 'aria-label': 'CSV file' }}
        onReject={() => setRejected(true)}
        onDrop={(files) => {
          const [file] = files;
          if (!file) return;
          setRejected(false);
          upload.mutate(file, { onSuccess: props.onUploaded });
        }}
      >
        <Group justify="center" mih={140} style={{ pointerEvents: 'none' }}>
          <Stack gap={4} align="center">
            <Text size="lg">Drop a CSV file here, or click to choose one</Text>
            <Text size="sm" c="dimmed">
              One customer per row, with a header row naming the columns.
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {error ? (
        <Alert color="red" variant="light" role="alert" title="This file cannot be imported">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
