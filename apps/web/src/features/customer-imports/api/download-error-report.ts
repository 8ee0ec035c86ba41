import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { fileNameOf, saveBlob } from '../../../lib/save-file';
import { customerImportPath } from './keys';

/** GET .../customer_imports/{import_id}/errors.csv with the bearer token (a plain link would carry none). */
export async function downloadErrorReport(merchantId: string, importId: string): Promise<void> {
  const response = await apiFetch(`${customerImportPath(merchantId, importId)}errors.csv`, {
    headers: { Accept: 'text/csv' },
  });
  saveBlob(await response.blob(), fileNameOf(response, 'import-errors.csv'));
}

export function useDownloadErrorReport(merchantId: string, importId: string) {
  return useMutation({ mutationFn: () => downloadErrorReport(merchantId, importId) });
}
