import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';

type CloseCheck = () => boolean;

/** Lets a form inside a dialog say it holds unsaved edits; see useDialogCloseGuard. */
const CloseGuards = createContext<((check: CloseCheck) => () => void) | null>(null);

/**
 * A modal on the native <dialog>: focus is trapped and Escape closes it, as browsers do. Focus goes
 * to the control marked `data-autofocus`, else to the first one (the close button).
 * `onClose` fires for Escape, the backdrop and the close button; when a form inside holds unsaved
 * edits, those three ask first. A form's own Cancel button calls its handler directly, unasked.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: 'md' | 'lg';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const checks = useRef(new Set<CloseCheck>());
  const [asking, setAsking] = useState(false);
  const [register] = useState(() => (check: CloseCheck) => {
    checks.current.add(check);
    return () => void checks.current.delete(check);
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // A control rendered with the dialog is mounted before this opens it, when nothing in it can
      // take focus (React's autoFocus comes too early): `data-autofocus` names the one to focus.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const requestClose = () => {
    if ([...checks.current].some((check) => check())) setAsking(true);
    else onClose();
  };

  return (
    <>
      <dialog
        ref={ref}
        className="modal"
        aria-labelledby={titleId}
        onCancel={(e) => {
          e.preventDefault();
          requestClose();
        }}
      >
        {open && (
          <div className={`modal-box ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'}`}>
            <div className="mb-4 flex items-start justify-between gap-4">
              <div>
                <h3 id={titleId} className="text-lg font-bold">
                  {title}
                </h3>
                {description && <p className="text-sm text-base-content/70">{description}</p>}
              </div>
              <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close dialog" onClick={requestClose}>
                ✕
              </button>
            </div>
            <CloseGuards.Provider value={register}>{children}</CloseGuards.Provider>
          </div>
        )}
        <form method="dialog" className="modal-backdrop">
          <button type="button" aria-hidden="true" tabIndex={-1} onClick={requestClose}>
            close
          </button>
        </form>
      </dialog>
      {asking && (
        <DiscardChangesDialog
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            onClose();
          }}
        />
      )}
    </>
  );
}

/** While `check()` is true, closing the enclosing Dialog by Escape, backdrop or ✕ asks first. */
export function useDialogCloseGuard(check: CloseCheck) {
  const register = useContext(CloseGuards);
  useEffect(() => register?.(check), [register, check]);
}

/** The one question before unsaved edits are thrown away, open while rendered; Escape or the backdrop keep editing. */
export function DiscardChangesDialog({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <Dialog open onClose={onKeep} title="Discard unsaved changes?" description="Your changes have not been saved.">
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onKeep} data-autofocus>
          Keep editing
        </button>
        <button type="button" className="btn btn-error" onClick={onDiscard}>
          Discard changes
        </button>
      </div>
    </Dialog>
  );
}
