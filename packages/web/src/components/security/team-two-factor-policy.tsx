import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { securityPolicyForm, type SecurityPolicy } from '@event-admin/core/user/user.schema';
import { SettingsCard } from '../settings/settings-card.tsx';
import { BusyButton } from '../ui/busy-button.tsx';
import { Loaded } from '../ui/load-state.tsx';
import { Switch } from '../ui/switch.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { UnsavedChangesGuard } from '../ui/unsaved-changes.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useConfirmed, wasCancelled } from './confirm-password-dialog.tsx';

/**
 * The team's rule "Require two-factor sign-in for every member", kept on the server. A member
 * without 2FA then sets it up before anything else; the server refuses the rule to a member who
 * has none yet (409), which the toast says.
 */
export function TeamTwoFactorPolicy() {
  const policy = trpc.users.securityPolicy.useQuery();
  return (
    <SettingsCard title="Team sign-in">
      <Loaded query={policy} label="Loading the team sign-in rule" what="The team sign-in rule">
        {(data) => <PolicyForm policy={data} />}
      </Loaded>
    </SettingsCard>
  );
}

function PolicyForm({ policy }: { policy: SecurityPolicy }) {
  const utils = trpc.useUtils();
  const save = useConfirmed(trpc.users.saveSecurityPolicy.useMutation());
  const form = useForm<SecurityPolicy>({ resolver: zodResolver(securityPolicyForm), defaultValues: policy });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      utils.users.securityPolicy.setData(undefined, saved);
      form.reset(saved);
      toast({
        title: 'Team sign-in saved',
        description: saved.requireTwoFactor ? 'Every member now needs two-factor sign-in.' : 'Two-factor sign-in is up to each member.',
        variant: 'success',
      });
    } catch (error) {
      if (!wasCancelled(error)) toastFailure('Failed to save team sign-in', error);
    }
  });

  return (
    <form className="flex flex-col gap-2" onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard when={form.formState.isDirty} onDiscard={() => form.reset()} />
      <Switch
        label="Require two-factor sign-in for every member"
        description="A member without it is asked to set it up before anything else."
        registration={form.register('requireTwoFactor')}
        disabled={save.isPending}
      />
      <div>
        <BusyButton busy={save.isPending}>Save Team Sign-In</BusyButton>
      </div>
    </form>
  );
}
