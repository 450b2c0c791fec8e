import { useEffect, useState } from 'react';

/**
 * A QR code drawn as SVG. The encoder is loaded only when one is shown, so it never weighs on
 * the first visit to /login or any other screen.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode-generator')
      .then(({ default: qrcode }) => {
        const qr = qrcode(0, 'M');
        qr.addData(value);
        qr.make();
        const size = qr.getModuleCount();
        const rows = Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
        if (live) setModules(rows);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);

  if (failed) return <p className="text-sm text-error">The QR code could not be drawn: enter the secret below by hand.</p>;
  if (!modules) return <div className="skeleton h-48 w-48" role="status" aria-label="Loading QR code" />;
  const quiet = 4;
  const size = modules.length + quiet * 2;
  const path = modules.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + quiet} ${y + quiet}h1v1h-1z` : ''))).join('');
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="h-48 w-48" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
