import '@mantine/dropzone/styles.css';
import { Button, Text } from '@mantine/core';
import type { CustomerImport } from '@paylane/shared/contracts/customer-imports';
import { useParams, useSearchParams } from 'react-router';
import { useCustomerImport } from '../../../features/customer-imports/api/get-customer-import';
import { ImportMappingForm } from '../../../features/customer-imports/components/import-mapping-form';
import { ImportPreview } from '../../../features/customer-imports/components/import-preview';
import { ImportProgress } from '../../../features/customer-imports/components/import-progress';
import { ImportUpload } from '../../../features/customer-imports/components/import-upload';
import { QueryFallback } from '../../../components/query-fallback';
import { SetupPage } from '../merchant-setup/setup-page';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function FileSummary({ current }: { current: CustomerImport }) {
  return (
    <Text>
      {current.file_name}: {plural(current.total_rows, 'row', 'rows')},{' '}
      {plural(current.headers.length, 'column', 'columns')}. Choose the column that holds each field.
    </Text>
  );
}

/**
 * /merchants/{merchantID}/customers/import: upload a CSV, map its columns, preview every bad row, import the
 * good ones and follow the job. The import's id stays in the address (?import=), so a reload keeps the place.
 */
export function CustomerImportPage() {
  const { merchantID = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const current = useCustomerImport(merchantID, importId);
  const customersPath = `/merchants/${encodeURIComponent(merchantID)}/customers`;
  const data = current.data;
  const isMapping = data?.status === 'uploaded' || data?.status === 'validated';
  return (
    <SetupPage
      title="Import Customers"
      back={{ to: customersPath, label: 'Customers' }}
      actions={
        importId && !isMapping && data?.status !== 'queued' && data?.status !== 'running' ? (
          <Button variant="light" onClick={() => setParams({})}>
            Import another file
          </Button>
        ) : null
      }
    >
      {!importId ? (
        <ImportUpload merchantId={merchantID} onUploaded={(created) => setParams({ import: created.id })} />
      ) : !data ? (
        <QueryFallback query={current} />
      ) : isMapping ? (
        <>
          <FileSummary current={data} />
          <ImportMappingForm merchantId={merchantID} current={data} />
          {data.status === 'validated' ? <ImportPreview merchantId={merchantID} current={data} /> : null}
        </>
      ) : (
        <ImportProgress merchantId={merchantID} current={data} customersPath={customersPath} />
      )}
    </SetupPage>
  );
}
