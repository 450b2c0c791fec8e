import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/*
 * The edit page's frame, kept apart from its forms: the route's search reader and pending screen
 * use it, and route options ship in the entry chunk, so this file stays small.
 */

export const editEventTabs = ['basic', 'seo', 'cta', 'blocks', 'tickets', 'history'] as const;
export type EditEventTab = (typeof editEventTabs)[number];

/** While the loader reads the event: the page's frame with placeholders, never a blank screen. */
export function EditEventPending() {
  return (
    <EditEventLayout heading={<div className="skeleton h-5 w-64" />}>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body p-4 sm:p-6">
          <FormSkeleton />
        </div>
      </div>
    </EditEventLayout>
  );
}

export function EditEventLayout({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/events" className="link link-hover mb-3 inline-flex items-center gap-1 text-sm text-base-content/70">
        <span aria-hidden="true">←</span> Back to Events
      </Link>
      <div className="mb-6 flex flex-col gap-1">
        <h2 className="text-2xl font-bold">Edit Event</h2>
        {heading}
      </div>
      {children}
    </div>
  );
}

export function FormSkeleton() {
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
