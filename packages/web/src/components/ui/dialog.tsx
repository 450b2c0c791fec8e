import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal on the native <dialog>: focus is trapped and Escape closes it, as browsers do.
 * `onClose` fires for Escape, the backdrop and the close button.
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
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
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
            <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close dialog" onClick={onClose}>
              ✕
            </button>
          </div>
          {children}
        </div>
      )}
      <form method="dialog" className="modal-backdrop">
        <button type="button" aria-hidden="true" tabIndex={-1} onClick={onClose}>
          close
        </button>
      </form>
    </dialog>
  );
}
