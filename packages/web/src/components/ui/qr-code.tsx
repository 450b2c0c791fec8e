import { useEffect, useState } from 'react';

/**
 * A QR code drawn as SVG squares. The encoder (core's, the one the printed tickets use) is loaded
 * only when one is shown, so it never weighs on the first visit to /login or any other screen.
 * `unavailable` says what to do instead when it cannot be drawn.
 */
export function QrCode({
  value,
  label,
  unavailable,
  className = 'h-48 w-48',
}: {
  value: string;
  label: string;
  unavailable: string;
  className?: string;
}) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('@event-admin/core/ticket/pdf.qr')
      .then(({ qrModules }) => live && setModules(qrModules(value)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);

  if (failed) return <p className="text-sm text-error">The QR code could not be drawn: {unavailable}</p>;
  if (!modules) return <div className={`skeleton ${className}`} role="status" aria-label="Loading QR code" />;
  const quiet = 4;
  const size = modules.length + quiet * 2;
  const path = modules.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + quiet} ${y + quiet}h1v1h-1z` : ''))).join('');
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className={className} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
