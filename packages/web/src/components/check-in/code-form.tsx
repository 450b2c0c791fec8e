import { useRef, useState } from 'react';
import { CameraScan, cameraScanAvailable } from './camera-scan.tsx';

/**
 * The one large code field, focused and ready: a hardware scanner types the code and Enter, a
 * person types it and taps Check in. It empties and keeps the focus after each scan.
 */
export function CodeForm({ onScan }: { onScan: (code: string) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(0);
  const field = useRef<HTMLInputElement>(null);
  // Scans are answered one after another, in the order made: the field is free for the next at once.
  const chain = useRef(Promise.resolve());
  const submit = (value: string) => {
    field.current?.focus();
    if (!value.trim()) return;
    setCode('');
    setPending((n) => n + 1);
    chain.current = chain.current
      .then(() => onScan(value))
      .catch(() => undefined)
      .finally(() => setPending((n) => n - 1));
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="font-medium">Ticket code</span>
        <input
          ref={field}
          className="input input-bordered input-lg h-16 w-full font-mono text-2xl tracking-wider uppercase"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
        />
      </label>
      <button type="submit" className="btn btn-primary btn-lg w-full">
        {pending > 0 && <span className="loading loading-spinner" aria-hidden="true" />}
        Check in
      </button>
      {cameraScanAvailable() && <CameraScan onCode={submit} />}
    </form>
  );
}
