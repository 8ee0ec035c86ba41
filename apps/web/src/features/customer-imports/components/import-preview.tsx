import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import {
  importFieldLabels,
  type CustomerImport,
  type CustomerImportRow,
  type ImportField,
} from '@paylane/shared/contracts/customer-imports';
import { translateMessage } from '@paylane/shared/messages';
import { useState } from 'react';
import { PageFooter } from '../../../components/page-footer';
import { errorDetailText } from '../../../lib/notify';
import { useCustomerImportRows } from '../api/list-customer-import-rows';
import { useStartCustomerImport } from '../api/start-customer-import';
import { DownloadErrorReportButton } from './download-error-report-button';
import { SectionTitle } from '../../../components/section-title';

const PAGE_SIZES = [10, 20, 50] as const;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One line per message: the row, the field, what the file holds there, and what is wrong with it. */
function errorLines(row: CustomerImportRow, mapping: CustomerImport['mapping']) {
  return Object.entries(row.errors).flatMap(([field, texts]) => {
    const header = mapping?.[field as ImportField];
    const label = field === 'non_field_errors' ? 'Row' : (importFieldLabels[field as ImportField] ?? field);
    const value = header ? (row.values[header] ?? '') : '';
    return texts.map((text, index) => ({
      key: `${row.row_number}-${field}-${index}`,
      rowNumber: row.row_number,
      label,
      value,
      message: translateMessage(text),
    }));
  });
}

/** Step 3: how many rows are ready, every bad row's messages beside its values, and the import button. */
export function ImportPreview(props: { merchantId: string; current: CustomerImport }) {
  const { merchantId, current } = props;
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const hasErrors = current.invalid_rows > 0;
  const rows = useCustomerImportRows(
    merchantId,
    current.id,
    { page: paging.page, page_size: paging.pageSize, errors_only: true },
    hasErrors,
  );
  const start = useStartCustomerImport(merchantId, current.id);
  const lines = (rows.data?.results ?? []).flatMap((row) => errorLines(row, current.mapping));
  return (
    <Stack gap="md">
      <SectionTitle>Preview</SectionTitle>
      <Text>
        {plural(current.valid_rows, 'row', 'rows')} ready, {plural(current.invalid_rows, 'row', 'rows')} with
        errors
      </Text>
      {hasErrors ? (
        <>
          <Table striped aria-label="Rows with errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.key}>
                  <Table.Td>{line.rowNumber}</Table.Td>
                  <Table.Td>{line.label}</Table.Td>
                  <Table.Td>{line.value}</Table.Td>
                  <Table.Td c="red">{line.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <PageFooter
            count={rows.data?.count ?? 0}
            page={paging.page}
            pageSize={paging.pageSize}
            pageSizes={PAGE_SIZES}
            onPageChange={(page) => setPaging((before) => ({ ...before, page }))}
            onPageSizeChange={(pageSize) => setPaging({ page: 1, pageSize })}
          />
        </>
      ) : null}
      {start.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorDetailText(start.error)}
        </Alert>
      ) : null}
      <Group justify="space-between">
        {hasErrors ? <DownloadErrorReportButton merchantId={merchantId} importId={current.id} /> : <span />}
        <Button onClick={() => start.mutate()} loading={start.isPending} disabled={current.valid_rows === 0}>
          Import {plural(current.valid_rows, 'customer', 'customers')}
        </Button>
      </Group>
    </Stack>
  );
}
