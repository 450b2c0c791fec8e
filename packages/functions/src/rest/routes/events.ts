import * as Event from '@event-admin/core/event/index';
import * as Seo from '@event-admin/core/seo/index';
import { route } from '../row.ts';
import { wholeList } from '../stream-row.ts';

/**
 * Events with their SEO, call to action and page content. `/api/events/recent` comes before
 * `/api/events/:id`, which would also match it.
 */
export const eventRoutes = [
  wholeList('/api/events', 'events.list', Event.listPages, {
    operationId: 'listEvents',
    tag: 'Events',
    summary: 'Every event',
    description: 'Latest date first, archived ones included (with `archivedAt`).',
    answer: 'The events.',
  }),
  route('GET', '/api/events/recent', 'events.recent', {
    call: (recent, req) => recent({ limit: req.query.limit }),
    doc: { operationId: 'recentEvents', tag: 'Events', summary: 'The most recently created events', answer: 'Newest created first.' },
  }),
  route('POST', '/api/events', 'events.create', {
    status: 201,
    doc: { operationId: 'createEvent', tag: 'Events', summary: 'Create an event', answer: 'The new event.' },
  }),
  route('GET', '/api/events/:id', 'events.get', {
    doc: { operationId: 'getEvent', tag: 'Events', summary: 'One event', answer: 'The event with its counters.' },
  }),
  route('PUT', '/api/events/:id', 'events.update', {
    doc: {
      operationId: 'updateEvent',
      tag: 'Events',
      summary: 'Edit an event',
      description: "Fields left out keep their values; `sales` is ignored (counters are the server's). A stale `version` is 409.",
      answer: 'The event as saved.',
      errors: [409],
    },
  }),
  route('POST', '/api/events/:id/views', 'events.addViews', {
    doc: { operationId: 'addPageViews', tag: 'Events', summary: 'Add page views', answer: 'The event with its new counters.' },
  }),
  route('POST', '/api/events/:id/archive', 'events.archive', {
    doc: {
      operationId: 'archiveEvent',
      tag: 'Events',
      summary: 'Archive an event',
      description: 'Off the lists and panels, kept in totals, reports and exports. An archived event is answered as it is.',
      answer: 'The event, `archivedAt` set.',
      errors: [409],
    },
  }),
  route('POST', '/api/events/:id/unarchive', 'events.unarchive', {
    doc: {
      operationId: 'unarchiveEvent',
      tag: 'Events',
      summary: 'Bring an archived event back',
      answer: 'The event, `archivedAt` null.',
      errors: [409],
    },
  }),
  route('DELETE', '/api/events/:id', 'events.delete', {
    status: 204,
    // A DELETE has no body: the version loaded, when sent, is `?version=N`.
    call: (remove, req) => remove({ id: req.params.id, ...(req.query.version ? { version: Number(req.query.version) } : {}) }),
    doc: {
      operationId: 'deleteEvent',
      tag: 'Events',
      summary: 'Delete an event without transactions',
      description: 'With its SEO, CTA, blocks, counters and page views. One with transactions is 409: archive it instead.',
      answer: 'Deleted.',
      errors: [409],
    },
  }),
  route('GET', '/api/events/:id/seo', 'seo.get', {
    doc: {
      operationId: 'getEventSeo',
      tag: 'Events',
      summary: "An event's SEO record",
      answer: 'The record, or null when there is none yet.',
    },
  }),
  route('POST', '/api/events/:id/seo', 'seo.save', {
    fromPath: { id: 'eventId' },
    doc: {
      operationId: 'saveEventSeo',
      tag: 'Events',
      summary: "Save an event's SEO record",
      answer: 'The record as saved.',
      errors: [409],
    },
  }),
  route('GET', '/api/events/:id/cta', 'cta.get', {
    doc: {
      operationId: 'getEventCta',
      tag: 'Events',
      summary: "An event's call-to-action button",
      answer: 'The button, or null when there is none yet.',
    },
  }),
  route('POST', '/api/events/:id/cta', 'cta.save', {
    fromPath: { id: 'eventId' },
    doc: {
      operationId: 'saveEventCta',
      tag: 'Events',
      summary: "Save an event's call-to-action button",
      answer: 'The button as saved.',
      errors: [409],
    },
  }),
  route('GET', '/api/events/:id/content-blocks', 'contentBlocks.get', {
    answerField: 'blocks',
    doc: {
      operationId: 'getContentBlocks',
      tag: 'Events',
      summary: "An event's page content blocks",
      answer: 'The blocks in order ([] when none).',
    },
  }),
  // SPEC sends the bare array; `{ blocks, version }` also works, for a save that must not overwrite.
  route('POST', '/api/events/:id/content-blocks', 'contentBlocks.save', {
    fromPath: { id: 'eventId' },
    arrayBody: 'blocks',
    answerField: 'blocks',
    doc: {
      operationId: 'saveContentBlocks',
      tag: 'Events',
      summary: "Replace an event's content blocks",
      description: 'The whole ordered list: the bare array, or `{ blocks, version }` for a save that must not overwrite another.',
      answer: 'The blocks as saved, each with its id.',
      errors: [409],
    },
  }),
  wholeList('/api/events-with-details', 'events.listWithDetails', Seo.listWithDetailsPages, {
    operationId: 'listEventsWithDetails',
    tag: 'Events',
    summary: 'Every event with its SEO summary',
    description: 'Latest date first, archived ones included.',
    answer: 'The events.',
  }),
];
