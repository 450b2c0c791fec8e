import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { profileForm } from '@event-admin/core/settings/profile.schema';
import { Field } from '../ui/form-field.tsx';
import { toast } from '../ui/toast.tsx';
import { UnsavedChangesGuard } from '../ui/unsaved-changes.tsx';
import { profileStore } from '../../lib/profile.ts';
import { SettingsCard } from './settings-card.tsx';

/** Profile: kept in this browser only (SPEC §3); the sidebar footer follows it at once. */
export function ProfileForm() {
  const form = useForm({
    resolver: zodResolver(profileForm),
    defaultValues: (() => {
      const { name, email, bio } = profileStore.get();
      return { name, email, bio };
    })(),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const next = { ...profileStore.get(), name: values.name, email: values.email, bio: values.bio ?? '' };
    profileStore.save(next);
    form.reset({ name: next.name, email: next.email, bio: next.bio });
    toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.', variant: 'success' });
  });

  return (
    <SettingsCard title="Profile" description="How you appear in the dashboard.">
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <UnsavedChangesGuard when={form.formState.isDirty} onDiscard={() => form.reset()} />
        <Field label="Name" error={errors.name?.message}>
          {(p) => <input {...p} className="input w-full" autoComplete="name" aria-invalid={!!errors.name} {...form.register('name')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(p) => (
            <input
              {...p}
              className="input w-full"
              type="email"
              autoComplete="email"
              aria-invalid={!!errors.email}
              {...form.register('email')}
            />
          )}
        </Field>
        <Field label="Bio" hint="Brief description for your profile" error={errors.bio?.message}>
          {(p) => <textarea {...p} className="textarea w-full" rows={4} {...form.register('bio')} />}
        </Field>
        <div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            Update Profile
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
