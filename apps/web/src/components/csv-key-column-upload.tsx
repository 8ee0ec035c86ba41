import { Alert, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useState } from 'react';
import { keyColumnValues, readCsvFile, type CsvTable } from '../lib/csv-file';

// Spreadsheets save CSV as text/csv; Windows browsers often report it as an Excel type.
const CSV_TYPES = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv'] };

export type CsvRecipients = { table: CsvTable; column: string | null };

type Props = {
  value: CsvRecipients | null;
  onChange: (value: CsvRecipients | null) => void;
  disabled?: boolean;
  error?: string | undefined;
};

/**
 * A CSV of customers and the column holding their Customer IDs (the merchant's external ids): docs/product.md §5,
 * with CSV a key column must be chosen.
 */
export function CsvKeyColumnUpload({ value, onChange, disabled = false, error }: Props) {
  const [readError, setReadError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);

  const read = async (file: File) => {
    setReadError(null);
    setIsReading(true);
    try {
      const table = await readCsvFile(file);
      if (table.columns.length === 0) setReadError('The file has no header row');
      else onChange({ table, column: null });
    } catch {
      setReadError('The file could not be read as CSV');
    } finally {
      setIsReading(false);
    }
  };

  const column = value?.column ?? null;
  const idCount = value && column ? keyColumnValues(value.table, column).length : null;
  return (
    <Stack gap="xs">
      <Dropzone
        accept={CSV_TYPES}
        multiple={false}
        disabled={disabled}
        loading={isReading}
        inputProps={{ 'aria-label': 'CSV file' }}
        onReject={() => setReadError('Choose a CSV file (.csv)')}
        onDrop={(files) => {
          const [file] = files;
          if (file) void read(file);
        }}
        p="sm"
      >
        <Group justify="center" mih={60} style={{ pointerEvents: 'none' }}>
          <Text size="sm">
            {value
              ? `${value.table.fileName} · ${value.table.rows.length} rows`
              : 'Drop a CSV file here, or click to choose one'}
          </Text>
        </Group>
      </Dropzone>
      {readError ? (
        <Alert color="red" variant="light" role="alert">
          {readError}
        </Alert>
      ) : null}
      {value ? (
        <NativeSelect
          label="Key column"
          description={
            idCount === null
              ? 'The column that holds each customer’s Customer ID'
              : `${idCount} Customer ID${idCount === 1 ? '' : 's'} in this column`
          }
          withAsterisk
          disabled={disabled}
          data={[
            { value: '', label: 'Choose a column' },
            ...value.table.columns.map((name) => ({ value: name, label: name })),
          ]}
          value={column ?? ''}
          error={error}
          onChange={(event) => onChange({ table: value.table, column: event.currentTarget.value || null })}
        />
      ) : null}
    </Stack>
  );
}
