import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StatusBadge } from '../ui/status-badge.tsx';
import { HistoryList } from '../audit/history-list.tsx';
import { Tabs } from '../ui/tabs.tsx';
import { formatEventWhen } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { BasicInfoForm } from './basic-info-form.tsx';
import { ContentBlockEditor } from './content-block-editor.tsx';
import { CtaForm } from './cta-form.tsx';
import { EventFigures } from './event-figures.tsx';
import { EventLifecycleActions } from './event-lifecycle-actions.tsx';
import { SeoForm } from '../seo/seo-form.tsx';
import { TicketsTab } from '../tickets/tickets-tab.tsx';
import { EditEventLayout, editEventTabs, FormSkeleton, type EditEventTab as TabKey } from './edit-event-layout.tsx';

const tabLabels: Record<TabKey, string> = {
  basic: 'Basic Info',
  seo: 'SEO',
  cta: 'CTA',
  blocks: 'Content Blocks',
  tickets: 'Tickets',
  history: 'History',
};

const from = '/_authed/events/$eventId';

/**
 * Edit Event: SPEC's four tabs, Tickets and a History tab over what the route's loader put in the cache. Leaving a tab with unsaved
 * edits is a navigation (the tab is in the URL), so each form's guard asks first.
 */
export function EditEventPage() {
  const { eventId } = useParams({ from });
  const { tab = 'basic' } = useSearch({ from });
  const navigate = useNavigate({ from: '/events/$eventId' });
  const event = trpc.events.get.useQuery({ id: eventId });
  // SPEC §7: a missing SEO record or CTA (or a failed read of one) is treated as none.
  const seo = trpc.seo.get.useQuery({ id: eventId });
  const cta = trpc.cta.get.useQuery({ id: eventId });

  const content: Record<TabKey, ReactNode> = {
    // The event's own sales figures sit on Basic Info, above its form (no tab of their own).
    basic: event.data ? (
      <>
        <EventFigures eventId={eventId} />
        <BasicInfoForm key={event.data.id} event={event.data} />
      </>
    ) : (
      <FormSkeleton />
    ),
    seo: seo.isPending || !event.data ? <FormSkeleton /> : <SeoForm key={eventId} eventId={eventId} seo={seo.data ?? null} />,
    cta: cta.isPending || !event.data ? <FormSkeleton /> : <CtaForm key={eventId} eventId={eventId} cta={cta.data ?? null} />,
    blocks: event.data ? <ContentBlockEditor key={eventId} eventId={eventId} /> : <FormSkeleton />,
    // mounted only while shown: its reads wait until someone looks
    tickets: tab === 'tickets' ? <TicketsTab key={eventId} eventId={eventId} /> : null,
    // mounted only while shown, so it reads the history afresh each time (after the saves in the other tabs)
    history: tab === 'history' ? <HistoryList entity="event" id={eventId} /> : null,
  };

  return (
    <EditEventLayout
      heading={
        event.data ? (
          <p className="flex flex-wrap items-center gap-2 text-base-content/70">
            <span className="font-medium text-base-content" data-testid="event-heading-title">
              {event.data.title}
            </span>
            <span aria-hidden="true">·</span>
            <span data-testid="event-heading-when">{formatEventWhen(event.data)}</span>
            <StatusBadge kind="event" status={event.data.status} />
          </p>
        ) : (
          <div className="skeleton h-5 w-64" />
        )
      }
    >
      {event.data && (
        <EventLifecycleActions event={event.data}>
          <Link to="/events/$eventId/check-in" params={{ eventId }} className="btn btn-primary btn-sm mr-auto">
            Check-in
          </Link>
        </EventLifecycleActions>
      )}
      <Tabs
        label="Event sections"
        value={tab}
        onChange={(key) => void navigate({ search: { tab: key === 'basic' ? undefined : key }, replace: true })}
        tabs={editEventTabs.map((key) => ({ id: key, label: tabLabels[key], content: content[key] }))}
        frame={(panels) => (
          <div className="card bg-base-100 shadow-sm">
            <div className="card-body p-4 sm:p-6">{panels}</div>
          </div>
        )}
      />
    </EditEventLayout>
  );
}
