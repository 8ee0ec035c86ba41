import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { fileNameOf, saveBlob } from '../../../lib/save-file';
import { exportTransactionsPath, filterParams, type PaymentReportFilters } from './keys';

/** How far a download has got: rows only when the server said how many there are (X-Total-Count). */
export type ExportProgress = { bytes: number; rows: number; totalRows: number | null };

const NEWLINE = 10;

function totalRowsOf(response: Response): number | null {
  const total = Number.parseInt(response.headers.get('X-Total-Count') ?? '', 10);
  return Number.isFinite(total) && total >= 0 ? total : null;
}

/**
 * Reads the streamed CSV chunk by chunk, reporting bytes and rows (lines after the header; a quoted cell
 * holding a line break counts twice, so rows are capped at the total the server announced).
 */
async function readCsv(response: Response, onProgress: (progress: ExportProgress) => void): Promise<Blob> {
  const totalRows = totalRowsOf(response);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    for (const byte of value) if (byte === NEWLINE) lines += 1;
    const rows = Math.max(0, lines - 1);
    onProgress({ bytes, rows: totalRows === null ? rows : Math.min(rows, totalRows), totalRows });
  }
  return new Blob(chunks as BlobPart[], { type: 'text/csv' });
}

/** POST /api/merchants/{id}/export_transactions/ with the report's filters; saves the streamed CSV. */
export async function exportTransactions(
  merchantId: string,
  filters: PaymentReportFilters,
  options: { onProgress: (progress: ExportProgress) => void; signal?: AbortSignal },
): Promise<void> {
  const response = await apiFetch(exportTransactionsPath(merchantId), {
    method: 'POST',
    headers: { Accept: 'text/csv', 'Content-Type': 'application/json' },
    body: JSON.stringify(filterParams(filters)),
    signal: options.signal,
  });
  options.onProgress({ bytes: 0, rows: 0, totalRows: totalRowsOf(response) });
  const csv = await readCsv(response, options.onProgress);
  const days = [filters.start || 'start', filters.end || 'today'].join('-to-');
  saveBlob(csv, fileNameOf(response, `payment-report-${days}.csv`));
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The export with its progress while it streams; cancel() stops the download and saves nothing. */
export function useExportTransactions(merchantId: string) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (filters: PaymentReportFilters) => {
      controller.current = new AbortController();
      setProgress(null);
      try {
        await exportTransactions(merchantId, filters, {
          onProgress: setProgress,
          signal: controller.current.signal,
        });
      } catch (error) {
        if (!isAbort(error)) throw error; // cancelled by the user: nothing to report
      }
    },
    onSettled: () => setProgress(null),
    // A 4xx (a filter the server refused) is shown beside the button; anything else gets the app's toast.
    meta: { showsClientErrors: true },
  });
  return {
    start: mutation.mutate,
    isExporting: mutation.isPending,
    progress,
    error: mutation.error,
    cancel: () => controller.current?.abort(),
  };
}
