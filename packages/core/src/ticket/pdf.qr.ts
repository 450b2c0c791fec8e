import { create } from 'qrcode';

/**
 * A text's QR code as rows of modules (true: dark), without the quiet zone. One encoder and one
 * error-correction level for the printed tickets and the transaction dialog: M (15% may be
 * damaged) keeps a ticket code at version 1, 21 modules a side, the easiest for a camera to read.
 * Browser-safe: the web imports this file lazily.
 */
export function qrModules(text: string): boolean[][] {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1));
}
