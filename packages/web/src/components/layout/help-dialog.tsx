import { useState } from 'react';
import { Dialog } from '../ui/dialog.tsx';
import { HelpIcon } from '../ui/icons.tsx';

/** Only the keys the app really handles. */
const shortcuts = [
  { keys: 'Tab / Shift+Tab', what: 'Move between links, buttons and fields' },
  { keys: 'Left / Right', what: 'Move between tabs (event sections, customer details)' },
  { keys: 'Home / End', what: 'First or last tab' },
  { keys: 'Escape', what: 'Close a dialog (it asks first when it holds unsaved changes)' },
  { keys: 'Space, then arrows', what: 'Pick up and move a content block; Space again drops it' },
] as const;

/** The top bar's Help: keyboard shortcuts and where to read more. */
export function HelpButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-square" aria-label="Help" onClick={() => setOpen(true)}>
        <HelpIcon />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Help" description="Keyboard shortcuts and where to read more">
        <table className="table table-sm">
          <thead>
            <tr>
              <th>Keys</th>
              <th>What they do</th>
            </tr>
          </thead>
          <tbody>
            {shortcuts.map((s) => (
              <tr key={s.keys}>
                <td className="whitespace-nowrap">
                  <kbd className="kbd kbd-sm">{s.keys}</kbd>
                </td>
                <td>{s.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-4 text-sm">
          Manage events, customers and transactions from the sidebar; Settings holds your profile and the service fee. The project&apos;s
          README and its docs folder describe the API (docs/api.md) and how each screen behaves (docs/behaviour.md).
        </p>
      </Dialog>
    </>
  );
}
