/**
 * Shown after a save was refused with 409: someone else saved first. The user's input stays in
 * the form; loading the latest version is their choice, since it replaces that input.
 */
export function ConflictNotice({ what, onReload, reloading }: { what: string; onReload: () => void; reloading: boolean }) {
  return (
    <div role="alert" className="alert alert-warning flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <div className="flex-1 text-sm">
        <p className="font-semibold">The {what} was changed elsewhere since you opened it.</p>
        <p>
          It was changed by someone else, so your changes were not saved; they are still in the form. Load the latest version to continue;
          it replaces your unsaved changes.
        </p>
      </div>
      <button type="button" className="btn btn-sm" onClick={onReload} disabled={reloading}>
        {reloading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Load latest version
      </button>
    </div>
  );
}
