import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { defaultNotifications, notificationsForm } from '@event-admin/core/settings/profile.schema';
import { Switch } from '../ui/switch.tsx';
import { toast } from '../ui/toast.tsx';
import { SettingsCard } from './settings-card.tsx';

/** Notifications: a form only; SPEC §3 keeps these preferences nowhere, so saving makes no call. */
export function NotificationsForm() {
  const form = useForm({ resolver: zodResolver(notificationsForm), defaultValues: defaultNotifications });
  const onSubmit = form.handleSubmit(() => {
    toast({ title: 'Notification settings updated', description: 'Your notification preferences have been saved.', variant: 'success' });
  });
  return (
    <SettingsCard title="Notifications" description="Choose how you hear about sales and updates.">
      <form onSubmit={onSubmit} noValidate>
        <div className="divide-y divide-base-300">
          <Switch
            label="Email notifications"
            description="Receive sales and event updates by email."
            registration={form.register('emailNotifications')}
          />
          <Switch
            label="Push notifications"
            description="Get alerts in your browser as things happen."
            registration={form.register('pushNotifications')}
          />
          <Switch
            label="Marketing emails"
            description="News about product features and offers."
            registration={form.register('marketingEmails')}
          />
        </div>
        <button type="submit" className="btn btn-primary mt-4">
          Save Preferences
        </button>
      </form>
    </SettingsCard>
  );
}
