import { Dialog } from '../ui/dialog.tsx';
import { Loading, LoadError } from '../ui/load-state.tsx';
import { trpc } from '../../lib/trpc.ts';
import { SeoForm } from './seo-form.tsx';

/** Edit SEO: loads the event's record (for its version and Open Graph fields), saves it whole. */
export function SeoEditDialog({ event, onClose }: { event: { id: string; title: string } | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onClose={onClose} title="Edit SEO" description={event?.title} size="lg">
      {event && <SeoEditBody eventId={event.id} onDone={onClose} />}
    </Dialog>
  );
}

function SeoEditBody({ eventId, onDone }: { eventId: string; onDone: () => void }) {
  const seo = trpc.seo.get.useQuery({ id: eventId });
  if (seo.isPending) {
    return <Loading label="Loading SEO data" />;
  }
  if (seo.isError) {
    return <LoadError what="The SEO data" onRetry={() => void seo.refetch()} />;
  }
  return <SeoForm eventId={eventId} seo={seo.data} onSaved={onDone} onCancel={onDone} />;
}
