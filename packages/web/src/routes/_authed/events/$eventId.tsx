import { createFileRoute, redirect } from '@tanstack/react-router';
import { EditEventPage } from '../../../components/events/edit-event-page.tsx';
import { EditEventPending, editEventTabs } from '../../../components/events/edit-event-layout.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorStatus } from '../../../lib/errors.ts';
import { oneOf, searchReader } from '../../../lib/search-params.ts';

export const Route = createFileRoute('/_authed/events/$eventId')({
  staticData: { title: 'Events' },
  // The open tab is in the URL, so a reload comes back to it.
  validateSearch: searchReader((search) => ({ tab: oneOf(editEventTabs)(search.tab) })),
  /**
   * The event, its SEO, CTA and blocks start loading together, with the keys the tabs' useQuery
   * reads. The event goes in a request of its own: its failure leaves the page, while SPEC §7 turns
   * a failed SEO or CTA read into none and failed blocks into an empty list (the tabs show those).
   */
  loader: async ({ context: { trpc }, params: { eventId }, preload }) => {
    const id = { id: eventId };
    const [event] = await Promise.allSettled([
      trpc.events.get.ensureData(id, { trpc: { context: { alone: true } } }),
      trpc.seo.get.ensureData(id),
      trpc.cta.get.ensureData(id),
      trpc.contentBlocks.get.ensureData(id),
    ]);
    // A 401 is the session's to handle (it signs out), a 403 the required 2FA setup's (TwoFactorGate);
    // anything else goes back to the list.
    if (event.status === 'fulfilled' || preload) return;
    const status = errorStatus(event.reason);
    if (status === 401 || status === 403) return;
    toast({ title: 'Error', description: 'Failed to load event. Redirecting to events page.', variant: 'destructive' });
    throw redirect({ to: '/events', replace: true });
  },
  pendingComponent: EditEventPending,
  pendingMs: 150,
  component: EditEventPage,
});
