/**
 * The camera's QR reader: the browser's own (the Barcode Detection API) where it has one that
 * reads QR codes, else zxing-wasm through the `barcode-detector` ponyfill (qr-fallback.ts), a chunk
 * of its own that only the check-in screen loads (early, so it is kept for offline: fallbackFiles).
 * Either is used the same way: a video frame in, the codes read out.
 */
export interface QrDecoder {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDecoder;
  getSupportedFormats?: () => Promise<string[]>;
}

const nativeClass = () => (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;

/** Whether this browser has a camera API and a way to read QR codes from it (its own, or WebAssembly). */
export const cameraScanAvailable = () =>
  typeof window !== 'undefined' &&
  !!navigator.mediaDevices?.getUserMedia &&
  (nativeClass() !== undefined || typeof WebAssembly === 'object');

async function nativeReadsQr(Native: NativeDetectorClass) {
  const formats = await Native.getSupportedFormats?.().catch((): string[] => []);
  return !formats || formats.includes('qr_code');
}

const loadFallback = () => import('./qr-fallback.ts');

/** A QR-only reader: the native one when it reads QR codes, else the library's. */
export async function qrDecoder(): Promise<QrDecoder> {
  const Native = nativeClass();
  if (Native && (await nativeReadsQr(Native))) return new Native({ formats: ['qr_code'] });
  return (await loadFallback()).fallbackDecoder();
}

/**
 * The fallback's .wasm, for the service worker to keep while online (its code is loaded here too,
 * so it is among the files the page loaded): a door that loses the network before its first
 * camera scan can still scan. Nothing where the browser reads QR codes itself.
 */
export async function fallbackFiles(): Promise<string[]> {
  const Native = nativeClass();
  if (Native && (await nativeReadsQr(Native))) return [];
  const { wasmUrl } = await loadFallback();
  return [new URL(wasmUrl, location.href).href];
}
