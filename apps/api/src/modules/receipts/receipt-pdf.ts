import type { PaymentReceipt } from '@paylane/shared/contracts/receipts';
import { confirmationOf, receiptLines } from '@paylane/shared/receipt-lines';
import PDFDocument from 'pdfkit';

// download_receipt's PDF (issue 17 item 2): the merchant's logo when it has one pdfkit can draw (PNG or JPEG;
// a WebP logo is left out rather than converted), then the receipt's lines (receipt-lines.ts) as label and
// value, in pdfkit's built-in Helvetica so no font file ships with the app.

const PAGE_MARGIN = 54;
// Letter is 612 points wide: 504 between the margins, a wide label column (a refund's label carries its date).
const LABEL_WIDTH = 290;
const VALUE_WIDTH = 204;

export type ReceiptLogo = { bytes: Buffer; type: 'png' | 'jpg' } | null;

/** The receipt as a one-page PDF. */
export function renderReceiptPdf(receipt: PaymentReceipt, logo: ReceiptLogo): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    info: { Title: `Receipt ${confirmationOf(receipt)}`, Author: receipt.merchant.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (logo) drawLogo(doc, logo.bytes);
  doc.font('Helvetica-Bold').fontSize(18).text(receipt.merchant.name);
  doc.font('Helvetica').fontSize(12).fillColor('#555555').text('Payment receipt');
  doc.moveDown();
  doc.fillColor('#000000').fontSize(11);
  const left = PAGE_MARGIN;
  for (const line of receiptLines(receipt)) {
    const top = doc.y;
    doc.font('Helvetica-Bold').text(line.label, left, top, { width: LABEL_WIDTH });
    const labelBottom = doc.y;
    doc
      .font('Helvetica')
      .text(line.value, left + LABEL_WIDTH + 10, top, { width: VALUE_WIDTH, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  }
  doc.moveDown();
  doc.fontSize(9).fillColor('#555555').text('Keep this receipt for your records.', left);
  doc.end();
  return done;
}

/** A logo pdfkit cannot read (a damaged file) is left out: the receipt matters more than the picture. */
function drawLogo(doc: PDFKit.PDFDocument, bytes: Buffer): void {
  try {
    doc.image(bytes, { fit: [160, 60] });
    doc.moveDown(0.5);
  } catch {
    // no logo
  }
}
