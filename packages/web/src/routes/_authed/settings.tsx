import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { IntegrationsSettings } from '../../components/settings/integrations-settings.tsx';
import { oneOf, searchReader } from '../../lib/search-params.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { GlobalSettingsForm } from '../../components/settings/global-settings-form.tsx';
import { NotificationsForm } from '../../components/settings/notifications-form.tsx';
import { ProfileForm } from '../../components/settings/profile-form.tsx';
import { SecurityForm } from '../../components/settings/security-form.tsx';
import { TeamSettings } from '../../components/settings/team-settings.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';

const settingsTabs = ['profile', 'notifications', 'security', 'integrations', 'global', 'team'] as const;
type SettingsTab = (typeof settingsTabs)[number];

export const Route = createFileRoute('/_authed/settings')({
  staticData: { title: 'Settings' },
  // The open tab is in the URL, so a reload (or a link) lands on it.
  validateSearch: searchReader((search) => ({ tab: oneOf(settingsTabs)(search.tab) })),
  component: SettingsPage,
});

function SettingsPage() {
  const navigate = useNavigate({ from: Route.fullPath });
  const tab: SettingsTab = Route.useSearch().tab ?? 'profile';
  return (
    <div>
      <PageHeader
        title="Settings"
        description="Manage your profile, notifications, security, integrations, the application's settings and the team."
      />
      <Tabs
        label="Settings sections"
        value={tab}
        onChange={(next) => void navigate({ search: { tab: next === 'profile' ? undefined : next }, replace: true })}
        tabs={[
          { id: 'profile', label: 'Profile', content: <ProfileForm /> },
          { id: 'notifications', label: 'Notifications', content: <NotificationsForm /> },
          { id: 'security', label: 'Security', content: <SecurityForm /> },
          { id: 'integrations', label: 'Integrations', content: <IntegrationsSettings /> },
          { id: 'global', label: 'Global Settings', content: <GlobalSettingsForm /> },
          { id: 'team', label: 'Team', content: <TeamSettings /> },
        ]}
      />
    </div>
  );
}
