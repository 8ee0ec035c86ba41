import { confirmationOf } from '@paylane/shared/receipt-lines';
import type { AppContext } from '../../context';
import { sniffFileType } from '../../providers/storage/file-types';
import { renderReceiptPdf, type ReceiptLogo } from './receipt-pdf';
import { findReceiptWithFacts, type ReceiptKey } from './receipts.service';

/**
 * download_receipt (docs/product.md §7): the payment's receipt as a PDF named by its confirmation code. Reading
 * it changes nothing (a GET), so it is not an event of the customer's history; sending one is.
 */
export async function downloadReceipt(
  ctx: AppContext,
  key: Required<ReceiptKey>,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { receipt, facts } = await findReceiptWithFacts(ctx, key);
  const pdf = await renderReceiptPdf(receipt, await logoOf(ctx, facts.merchant.logoPath));
  return { pdf, fileName: `receipt-${confirmationOf(receipt)}.pdf` };
}

/** The merchant's logo when it is a PNG or JPEG (pdfkit draws no WebP); none when missing or unreadable. */
async function logoOf(ctx: AppContext, logoPath: string | null): Promise<ReceiptLogo> {
  if (!logoPath) return null;
  try {
    const bytes = await ctx.storage.read(logoPath);
    const type = bytes ? sniffFileType(bytes.subarray(0, 16), ['png', 'jpg']) : null;
    return bytes && (type === 'png' || type === 'jpg') ? { bytes, type } : null;
  } catch (error) {
    ctx.log.warn({ err: error }, 'merchant logo unreadable; receipt printed without it');
    return null;
  }
}
