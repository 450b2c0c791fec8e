import { toast } from '../ui/toast.tsx';

/** Copies text, saying whether it worked (the clipboard can be refused). */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} copied to the clipboard.`, variant: 'success' });
  } catch {
    toast({ title: 'Could not copy', description: 'Select the text and copy it yourself.', variant: 'destructive' });
  }
}

function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The recovery codes, shown once after 2FA is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Recovery codes for your account. Each works once.\n\n${codes.join('\n')}\n`;
  return (
    <div className="flex flex-col gap-4">
      <div role="alert" className="alert alert-warning text-sm">
        Save these recovery codes somewhere safe. Each signs in once if you lose your authenticator app. They are not shown again.
      </div>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={() => void copyText(codes.join('\n'), 'The recovery codes were')}>
          Copy codes
        </button>
        <button type="button" className="btn btn-outline" onClick={() => download('recovery-codes.txt', text)}>
          Download codes
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
