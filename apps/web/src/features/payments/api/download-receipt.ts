import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { fileNameOf, saveBlob } from '../../../lib/save-file';
import { paymentPath, type PaymentRef } from './send-receipt';

/** GET .../transactions/{id}/download_receipt/: the receipt's PDF, saved under the server's file name. */
export async function downloadReceipt(merchantId: string, payment: PaymentRef): Promise<void> {
  const response = await apiFetch(`${paymentPath(merchantId, payment)}download_receipt/`, {
    headers: { Accept: 'application/pdf' },
  });
  const pdf = await response.blob();
  saveBlob(pdf, fileNameOf(response, 'receipt.pdf'));
}

/** A failure has no form to show on: the app's toast reports it. */
export function useDownloadReceipt(merchantId: string, payment: PaymentRef) {
  return useMutation({ mutationFn: () => downloadReceipt(merchantId, payment) });
}
