import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { oneOf, searchReader } from '../../../lib/search-params.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorStatus } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { BasicInfoForm } from './-components/basic-info-form.tsx';
import { ContentBlockEditor } from './-components/content-block-editor.tsx';
import { CtaForm } from './-components/cta-form.tsx';
import { SeoForm } from './-components/seo-form.tsx';
import { TabList, TabPanel } from './-components/tabs.tsx';

const tabs = [
  { key: 'basic', label: 'Basic Info' },
  { key: 'seo', label: 'SEO' },
  { key: 'cta', label: 'CTA' },
  { key: 'blocks', label: 'Content Blocks' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

export const Route = createFileRoute('/_authed/events/$eventId')({
  staticData: { title: 'Events' },
  // The open tab is in the URL, so a reload comes back to it.
  validateSearch: searchReader((search) => ({ tab: oneOf(['basic', 'seo', 'cta', 'blocks'] as const)(search.tab) })),
  component: EditEventPage,
});

function EditEventPage() {
  const { eventId } = Route.useParams();
  const { tab = 'basic' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const event = trpc.events.get.useQuery({ id: eventId });
  // SPEC §7: a missing SEO record or CTA (or a failed read of one) is treated as none.
  const seo = trpc.seo.get.useQuery({ id: eventId }, { enabled: event.isSuccess });
  const cta = trpc.cta.get.useQuery({ id: eventId }, { enabled: event.isSuccess });

  useEffect(() => {
    // A 401 is the session's to handle (it signs out); anything else goes back to the list.
    if (!event.isError || errorStatus(event.error) === 401) return;
    toast({ title: 'Error', description: 'Failed to load event. Redirecting to events page.', variant: 'destructive' });
    void navigate({ to: '/events', replace: true });
  }, [event.isError, event.error, navigate]);

  const setTab = (key: TabKey) => void navigate({ search: { tab: key === 'basic' ? undefined : key }, replace: true });

  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/events" className="link link-hover mb-3 inline-flex items-center gap-1 text-sm text-base-content/70">
        <span aria-hidden="true">←</span> Back to Events
      </Link>
      <div className="mb-6 flex flex-col gap-1">
        <h2 className="text-2xl font-bold">Edit Event</h2>
        {event.data ? (
          <p className="flex flex-wrap items-center gap-2 text-base-content/70">
            <span className="font-medium text-base-content" data-testid="event-heading-title">
              {event.data.title}
            </span>
            <span aria-hidden="true">·</span>
            <span>{formatDate(event.data.date)}</span>
            <StatusBadge kind="event" status={event.data.status} />
          </p>
        ) : (
          <div className="skeleton h-5 w-64" />
        )}
      </div>

      <TabList tabs={tabs} active={tab} onChange={setTab} label="Event sections" idPrefix="edit-event" className="mb-4 w-full sm:w-fit" />
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body p-4 sm:p-6">
          <TabPanel idPrefix="edit-event" tabKey="basic" active={tab === 'basic'}>
            {event.data ? <BasicInfoForm key={event.data.id} event={event.data} /> : <FormSkeleton />}
          </TabPanel>
          <TabPanel idPrefix="edit-event" tabKey="seo" active={tab === 'seo'}>
            {seo.isPending || !event.data ? <FormSkeleton /> : <SeoForm key={eventId} eventId={eventId} seo={seo.data ?? null} />}
          </TabPanel>
          <TabPanel idPrefix="edit-event" tabKey="cta" active={tab === 'cta'}>
            {cta.isPending || !event.data ? <FormSkeleton /> : <CtaForm key={eventId} eventId={eventId} cta={cta.data ?? null} />}
          </TabPanel>
          <TabPanel idPrefix="edit-event" tabKey="blocks" active={tab === 'blocks'}>
            {event.data ? <ContentBlockEditor key={eventId} eventId={eventId} /> : <FormSkeleton />}
          </TabPanel>
        </div>
      </div>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-2">
          <div className="skeleton h-4 w-32" />
          <div className="skeleton h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
