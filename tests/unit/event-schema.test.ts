import { describe, expect, it } from 'vitest';
import {
  createEventForm,
  createEventInput,
  createEventSteps,
  createFormDefaultTime,
  ctaChoices,
  defaultCtaText,
  defaultEventTime,
  editEventForm,
  eventStatuses,
  recentEventsInput,
  updateEventInput,
} from '@event-admin/core/event/event.schema';
import { chars, messageFor, messages } from './issues.ts';

const validForm = {
  title: 'Summer Gala',
  description: '',
  date: '2030-05-01',
  time: '09:00',
  venue: 'Main hall',
  status: 'draft',
  seoTitle: '',
  seoDescription: '',
  seoKeywords: '',
  ctaText: 'Register Now',
};

describe('create event form (SPEC §5)', () => {
  it('accepts a complete form with SPEC defaults', () => {
    expect(messages(createEventForm, validForm)).toEqual([]);
  });

  it('title: at least 3 characters', () => {
    expect(messageFor(createEventForm, { ...validForm, title: 'ab' }, 'title')).toBe('Title must be at least 3 characters long');
    expect(messageFor(createEventForm, { ...validForm, title: '' }, 'title')).toBe('Title must be at least 3 characters long');
    expect(messageFor(createEventForm, { ...validForm, title: 'abc' }, 'title')).toBeUndefined();
  });

  it('venue: at least 3 characters', () => {
    expect(messageFor(createEventForm, { ...validForm, venue: 'ab' }, 'venue')).toBe('Venue must be at least 3 characters long');
    expect(messageFor(createEventForm, { ...validForm, venue: 'abc' }, 'venue')).toBeUndefined();
  });

  it('date: must parse as a date', () => {
    expect(messageFor(createEventForm, { ...validForm, date: 'not a date' }, 'date')).toBe('Invalid date format');
    expect(messageFor(createEventForm, { ...validForm, date: '' }, 'date')).toBe('Invalid date format');
    expect(messageFor(createEventForm, { ...validForm, date: '2030-05-01T00:00:00.000Z' }, 'date')).toBeUndefined();
  });

  it('time: 24-hour HH:MM', () => {
    for (const bad of ['24:00', '9:00', '12:60', 'noon', '', '12:00:00']) {
      expect(messageFor(createEventForm, { ...validForm, time: bad }, 'time'), bad).toBe('Invalid time format (HH:MM)');
    }
    for (const good of ['00:00', '09:00', '19:30', '23:59']) {
      expect(messageFor(createEventForm, { ...validForm, time: good }, 'time'), good).toBeUndefined();
    }
  });

  it('seoTitle: at most 60 characters', () => {
    expect(messageFor(createEventForm, { ...validForm, seoTitle: chars(61) }, 'seoTitle')).toBe('SEO title should be under 60 characters');
    expect(messageFor(createEventForm, { ...validForm, seoTitle: chars(60) }, 'seoTitle')).toBeUndefined();
  });

  it('seoDescription: at most 160 characters', () => {
    expect(messageFor(createEventForm, { ...validForm, seoDescription: chars(161) }, 'seoDescription')).toBe(
      'Description should be under 160 characters',
    );
    expect(messageFor(createEventForm, { ...validForm, seoDescription: chars(160) }, 'seoDescription')).toBeUndefined();
  });

  it('description and customCta are optional; status, seoKeywords and ctaText are any string', () => {
    const { description, ...withoutDescription } = validForm;
    expect(messages(createEventForm, withoutDescription)).toEqual([]);
    expect(messages(createEventForm, { ...validForm, status: 'whatever', seoKeywords: 'x', ctaText: 'Anything', customCta: 'Go' })).toEqual(
      [],
    );
  });

  it('time zone: optional, an IANA name or Unknown time zone', () => {
    expect(messageFor(createEventForm, { ...validForm, timeZone: 'America/Los_Angeles' }, 'timeZone')).toBeUndefined();
    expect(messageFor(createEventForm, { ...validForm, timeZone: 'Los Angeles' }, 'timeZone')).toBe('Unknown time zone');
    const edit = { title: 'Gala', dateTime: '2030-05-01T19:00', location: 'Main hall' };
    expect(messageFor(editEventForm, { ...edit, timeZone: 'Nowhere/Else' }, 'timeZone')).toBe('Unknown time zone');
  });

  it('has the wizard steps, CTA choices and defaults of SPEC §2 and §9', () => {
    expect(Object.keys(createEventSteps)).toEqual(['basic', 'seo', 'cta']);
    // SPEC's step 1 fields, and the place's time zone (issue 32)
    expect(createEventSteps.basic).toEqual(['title', 'description', 'date', 'time', 'timeZone', 'venue', 'status']);
    expect(createEventSteps.seo).toEqual(['seoTitle', 'seoDescription', 'seoKeywords']);
    expect(ctaChoices).toEqual(['Register Now', 'Buy Tickets', 'RSVP', 'Learn More', 'Join Us', 'Custom']);
    expect(defaultCtaText).toBe('Register Now');
    expect(createFormDefaultTime).toBe('09:00');
    expect(defaultEventTime).toBe('19:00');
    expect(eventStatuses).toEqual(['draft', 'active', 'completed', 'cancelled']);
  });
});

describe('create event API input', () => {
  const body = { title: 'Summer Gala', date: '2030-05-01T00:00:00.000Z', venue: 'Main hall' };

  it('gives the same SPEC messages as the form', () => {
    expect(messageFor(createEventInput, { ...body, title: 'ab' }, 'title')).toBe('Title must be at least 3 characters long');
    expect(messageFor(createEventInput, { ...body, venue: 'x' }, 'venue')).toBe('Venue must be at least 3 characters long');
    expect(messageFor(createEventInput, { ...body, date: 'soon' }, 'date')).toBe('Invalid date format');
    expect(messageFor(createEventInput, { ...body, time: '7pm' }, 'time')).toBe('Invalid time format (HH:MM)');
  });

  it('defaults time to 19:00 and status to draft; description empty', () => {
    const parsed = createEventInput.parse(body);
    expect(parsed.time).toBe('19:00');
    expect(parsed.status).toBe('draft');
    expect(parsed.description).toBe('');
  });

  it('refuses an unknown status', () => {
    expect(messageFor(createEventInput, { ...body, status: 'archived' }, 'status')).toBe(
      'Status must be one of draft, active, completed or cancelled',
    );
  });
});

describe('event edit form (SPEC §5)', () => {
  const valid = { title: 'Gala', dateTime: '2030-05-01T19:00', location: 'Main hall' };

  it('accepts the required fields with the others optional', () => {
    expect(messages(editEventForm, valid)).toEqual([]);
  });

  it('title: at least 2 characters', () => {
    expect(messageFor(editEventForm, { ...valid, title: 'a' }, 'title')).toBe('Title must be at least 2 characters.');
    expect(messageFor(editEventForm, { ...valid, title: 'ab' }, 'title')).toBeUndefined();
  });

  it('date: required', () => {
    expect(messageFor(editEventForm, { ...valid, dateTime: '' }, 'dateTime')).toBe('Date is required.');
  });

  it('location: required', () => {
    expect(messageFor(editEventForm, { ...valid, location: '' }, 'location')).toBe('Location is required.');
    expect(messageFor(editEventForm, { ...valid, location: '   ' }, 'location')).toBe('Location is required.');
  });

  it('the update API input gives the same messages', () => {
    const body = { id: 'e1', title: 'Gala', date: '2030-05-01', venue: 'Hall' };
    expect(messages(updateEventInput, body)).toEqual([]);
    expect(messageFor(updateEventInput, { ...body, title: 'a' }, 'title')).toBe('Title must be at least 2 characters.');
    expect(messageFor(updateEventInput, { ...body, date: '' }, 'date')).toBe('Date is required.');
    expect(messageFor(updateEventInput, { ...body, venue: '' }, 'venue')).toBe('Location is required.');
  });
});

describe('recent events limit', () => {
  it('coerces the query text and defaults', () => {
    expect(recentEventsInput.parse({ limit: '4' }).limit).toBe(4);
    expect(recentEventsInput.parse({}).limit).toBe(5);
    expect(messages(recentEventsInput, { limit: '0' })).toEqual(['Limit must be between 1 and 100']);
  });
});
