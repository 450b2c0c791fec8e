import { useState } from 'react';
import { toast } from '../ui/toast.tsx';
import { formatCount } from '../../lib/numbers.ts';

interface Progress {
  rows: number;
  bytes: number;
}

/**
 * Downloads a CSV the server streams: the body is read chunk by chunk, counting bytes and rows
 * as they arrive (shown while it runs), then handed to the browser as a file.
 */
async function download(url: string, onProgress: (p: Progress) => void) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok || !response.body) throw new Error(`${response.status}: ${await response.text()}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress = { rows: 0, bytes: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.length;
    for (const byte of value) if (byte === 10) progress.rows += 1;
    onProgress({ ...progress });
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(chunks, { type: 'text/csv' }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  return { name, rows: Math.max(0, progress.rows - 1) };
}

const kb = (bytes: number) => `${formatCount(Math.round(bytes / 1024))} KB`;

function ExportButton({ label, url }: { label: string; url: string }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const run = async () => {
    setProgress({ rows: 0, bytes: 0 });
    try {
      const { name, rows } = await download(url, setProgress);
      toast({ title: 'Export downloaded', description: `${formatCount(rows)} rows saved to ${name}.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Export failed', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn btn-outline" onClick={() => void run()} disabled={progress !== null}>
        {progress ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {label}
      </button>
      {progress && (
        <span role="status" className="text-sm text-base-content/70">
          Downloading: {formatCount(Math.max(0, progress.rows - 1))} rows, {kb(progress.bytes)}
        </span>
      )}
    </div>
  );
}

/** The exports below the report: the range's transactions (optionally one status), and every customer. */
export function ExportDownloads({ from, to }: { from: string; to: string }) {
  const [status, setStatus] = useState('');
  const query = new URLSearchParams({ from, to, ...(status ? { status } : {}) });
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="exports-heading">
      <div className="card-body gap-4">
        <div>
          <h3 id="exports-heading" className="card-title">
            Exports
          </h3>
          <p className="text-sm text-base-content/70">
            CSV files a spreadsheet opens: amounts as plain decimals, dates with their offset and the local date beside them.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label className="form-control">
            <span className="label-text mb-1 text-sm">Transaction status</span>
            <select className="select select-bordered select-sm" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All statuses</option>
              <option value="completed">Completed</option>
              <option value="pending">Pending</option>
              <option value="failed">Failed</option>
            </select>
          </label>
          <ExportButton label={`Export transactions (${from} to ${to})`} url={`/api/exports/transactions.csv?${query}`} />
        </div>
        <ExportButton label="Export all transactions" url="/api/exports/transactions.csv" />
        <ExportButton label="Export customers" url="/api/exports/customers.csv" />
      </div>
    </section>
  );
}
