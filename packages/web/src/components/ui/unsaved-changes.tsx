import { useBlocker } from '@tanstack/react-router';
import { useCallback } from 'react';
import { DiscardChangesDialog, useDialogCloseGuard } from './dialog.tsx';

/**
 * Asks before unsaved edits are left behind: another route or another tab of the page (both are
 * navigations), the enclosing dialog's Escape, backdrop or ✕, and closing the browser tab (the
 * browser's own prompt, through beforeunload). `onDiscard` puts the form back to what is saved,
 * for the cases where it stays mounted (a hidden tab).
 * https://tanstack.com/router/latest/docs/framework/react/guide/navigation-blocking
 */
export function UnsavedChangesGuard({ when, onDiscard }: { when: boolean; onDiscard?: () => void }) {
  useDialogCloseGuard(useCallback(() => when, [when]));
  const blocker = useBlocker({
    shouldBlockFn: useCallback(
      ({ current, next }) => when && (current.pathname !== next.pathname || JSON.stringify(current.search) !== JSON.stringify(next.search)),
      [when],
    ),
    enableBeforeUnload: when,
    disabled: !when,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <DiscardChangesDialog
      onKeep={blocker.reset}
      onDiscard={() => {
        onDiscard?.();
        blocker.proceed();
      }}
    />
  );
}
