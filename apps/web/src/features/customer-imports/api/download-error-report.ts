import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { customerImportPath } from './keys';

/** The file name the server gives in content-disposition, else a sensible one. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'import-errors.csv';
}

/** Hands a downloaded file to the browser's save dialog. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** GET .../customer_imports/{import_id}/errors.csv with the bearer token (a plain link would carry none). */
export async function downloadErrorReport(merchantId: string, importId: string): Promise<void> {
  const response = await apiFetch(`${customerImportPath(merchantId, importId)}errors.csv`, {
    headers: { Accept: 'text/csv' },
  });
  saveBlob(await response.blob(), fileNameOf(response));
}

export function useDownloadErrorReport(merchantId: string, importId: string) {
  return useMutation({ mutationFn: () => downloadErrorReport(merchantId, importId) });
}
