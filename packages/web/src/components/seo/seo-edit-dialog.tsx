import { Dialog } from '../ui/dialog.tsx';
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
    return (
      <div className="flex justify-center py-10" role="status" aria-label="Loading SEO data">
        <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      </div>
    );
  }
  if (seo.isError) {
    return (
      <div role="alert" className="py-8 text-center">
        <p className="text-error">The SEO data could not be loaded.</p>
        <button type="button" className="btn btn-sm mt-2" onClick={() => void seo.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <SeoForm eventId={eventId} seo={seo.data} onSaved={onDone} onCancel={onDone} />;
}
