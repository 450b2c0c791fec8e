import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { inviteUserForm, type Invitation, type InviteUserForm } from '@event-admin/core/user/user.schema';
import { useConfirmed, wasCancelled } from '../security/confirm-password-dialog.tsx';
import { FormActions } from '../ui/busy-button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { genericFailure, toastFailure } from '../ui/toast.tsx';
import { UnsavedChangesGuard } from '../ui/unsaved-changes.tsx';
import { errorMessage, isConflict } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** Invite Member: a username and a name; `onInvited` gets the invitation, whose link is shown once. */
export function InviteMemberDialog({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (invitation: Invitation) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Invite Member" description="They choose their own password from the link you send them.">
      <InviteForm onCancel={onClose} onInvited={onInvited} />
    </Dialog>
  );
}

/** Mounted per opening (the Dialog renders its content only while open): nothing typed is kept. */
function InviteForm({ onCancel, onInvited }: { onCancel: () => void; onInvited: (invitation: Invitation) => void }) {
  const utils = trpc.useUtils();
  const invite = useConfirmed(trpc.users.invite.useMutation());
  const form = useForm<InviteUserForm>({ resolver: zodResolver(inviteUserForm), defaultValues: { username: '', name: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const invitation = await invite.mutateAsync(values);
      await utils.users.list.invalidate();
      onInvited(invitation);
    } catch (error) {
      if (wasCancelled(error)) return;
      // A taken username is the field's problem: said there too.
      if (isConflict(error)) form.setError('username', { message: errorMessage(error, genericFailure) }, { shouldFocus: true });
      toastFailure('Failed to invite member', error);
    }
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <TextField
        form={form}
        name="username"
        label="Username"
        hint="3 to 32 characters: lowercase letters, digits, dots, underscores or hyphens"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
      />
      <TextField form={form} name="name" label="Name" autoComplete="off" />
      <FormActions onCancel={onCancel} busy={invite.isPending} className="modal-action">
        Send Invitation
      </FormActions>
    </form>
  );
}
