import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's WebAssembly, built into our own /assets/ (no CDN: the door may be offline). Its
// version is pinned with barcode-detector's (package.json), whose glue code it must match.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDecoder } from './qr-decoder.ts';

export { wasmUrl };

/** Loaded only where the browser cannot read QR codes itself (qr-decoder.ts). */
export function fallbackDecoder(): QrDecoder {
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
