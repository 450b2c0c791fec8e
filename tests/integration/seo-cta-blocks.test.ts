import { describe, expect, it } from 'vitest';
import { signedInForFile } from '../setup/api.ts';
import { createEvent, expectError, ok, unknownId } from './helpers.ts';

const { client } = await signedInForFile();

describe('SEO: GET/POST /api/events/{id}/seo', () => {
  it('is null before anything is saved', async () => {
    const event = await createEvent(client);
    const result = await client.get(`/api/events/${event.id}/seo`);
    expect(ok(result)).toBeNull();
  });

  it('saves title, description and keywords, with the OG defaults', async () => {
    const event = await createEvent(client);
    const saved = ok(
      await client.post(`/api/events/${event.id}/seo`, { title: 'Meta title', description: 'Meta description', keywords: 'music, live' }),
    );
    expect(saved).toMatchObject({
      eventId: event.id,
      title: 'Meta title',
      description: 'Meta description',
      keywords: 'music, live',
      ogImageUrl: '',
      ogType: 'website',
      version: 1,
    });
    expect(ok(await client.get(`/api/events/${event.id}/seo`))).toEqual(saved);
  });

  it('keeps the OG fields when a later save sends only title, description and keywords', async () => {
    const event = await createEvent(client);
    ok(await client.post(`/api/events/${event.id}/seo`, { title: 'T', ogImageUrl: 'https://img.example.com/og.png', ogType: 'article' }));
    const second = ok(await client.post(`/api/events/${event.id}/seo`, { title: 'T2', description: 'D2', keywords: 'k' }));
    expect(second).toMatchObject({ title: 'T2', ogImageUrl: 'https://img.example.com/og.png', ogType: 'article', version: 2 });
  });

  it('gives SPEC messages for over-long fields and a bad image URL, and changes nothing', async () => {
    const event = await createEvent(client);
    const saved = ok(await client.post(`/api/events/${event.id}/seo`, { title: 'Kept', description: 'Kept', keywords: 'kept' }));
    const url = `/api/events/${event.id}/seo`;
    expectError(await client.post(url, { title: 'x'.repeat(61) }), 400, 'SEO title should be under 60 characters');
    expectError(await client.post(url, { description: 'x'.repeat(161) }), 400, 'Description should be under 160 characters');
    expectError(await client.post(url, { ogImageUrl: 'javascript:alert(1)' }), 400, 'Must be a valid URL');
    expectError(await client.post(url, { title: 7 }), 400, 'title must be a string');
    expect(ok(await client.get(url))).toEqual(saved);
  });

  it('accepts exactly 60 and 160 characters', async () => {
    const event = await createEvent(client);
    ok(await client.post(`/api/events/${event.id}/seo`, { title: 'x'.repeat(60), description: 'y'.repeat(160) }));
  });

  it('refuses a stale version with 409 and keeps the newer data', async () => {
    const event = await createEvent(client);
    const url = `/api/events/${event.id}/seo`;
    ok(await client.post(url, { title: 'One' }));
    const two = ok(await client.post(url, { title: 'Two', version: 1 }));
    expect(two.version).toBe(2);
    expectError(await client.post(url, { title: 'Stale', version: 1 }), 409, 'changed by someone else');
    expect(ok(await client.get(url))).toEqual(two);
  });

  it('is 404 for an unknown event, and stores nothing', async () => {
    const id = unknownId();
    expectError(await client.get(`/api/events/${id}/seo`), 404, 'Event not found');
    expectError(await client.post(`/api/events/${id}/seo`, { title: 'Orphan' }), 404, 'Event not found');
    const details = ok<any[]>(await client.get('/api/events-with-details'));
    expect(details.some((e) => e.id === id)).toBe(false);
  });
});

describe('GET /api/events-with-details', () => {
  it('joins each event with its SEO (or null)', async () => {
    const withSeo = await createEvent(client);
    const without = await createEvent(client);
    ok(
      await client.post(`/api/events/${withSeo.id}/seo`, { title: 'Joined title', description: 'Joined description', keywords: 'a, b, c' }),
    );
    const details = ok<any[]>(await client.get('/api/events-with-details'));
    const a = details.find((e) => e.id === withSeo.id);
    const b = details.find((e) => e.id === without.id);
    expect(a).toEqual({
      id: withSeo.id,
      title: withSeo.title,
      date: withSeo.date,
      status: withSeo.status,
      archivedAt: null,
      seo: { title: 'Joined title', description: 'Joined description', keywords: 'a, b, c' },
    });
    expect(b.seo).toBeNull();
    expect(details.length).toBe(ok<any[]>(await client.get('/api/events')).length);
  });
});

describe('CTA: GET/POST /api/events/{id}/cta', () => {
  it('is null before anything is saved', async () => {
    const event = await createEvent(client);
    expect(ok(await client.get(`/api/events/${event.id}/cta`))).toBeNull();
  });

  it('on creation takes text and isCustom, and fills colour #3088D8 and an empty tickets CTA', async () => {
    const event = await createEvent(client);
    const saved = ok(await client.post(`/api/events/${event.id}/cta`, { text: 'Register Now', isCustom: false }));
    expect(saved).toMatchObject({
      eventId: event.id,
      text: 'Register Now',
      isCustom: false,
      buttonColor: '#3088D8',
      ticketsCta: '',
      version: 1,
    });
    expect(ok(await client.get(`/api/events/${event.id}/cta`))).toEqual(saved);
  });

  it('on edit takes eventId, text, isCustom, ticketsCta and buttonColor', async () => {
    const event = await createEvent(client);
    ok(await client.post(`/api/events/${event.id}/cta`, { text: 'Custom go', isCustom: true }));
    const edited = ok(
      await client.post(`/api/events/${event.id}/cta`, {
        eventId: event.id,
        text: 'Buy Tickets',
        isCustom: false,
        ticketsCta: 'Get seats',
        buttonColor: '#FF0000',
      }),
    );
    expect(edited).toMatchObject({ text: 'Buy Tickets', isCustom: false, ticketsCta: 'Get seats', buttonColor: '#FF0000', version: 2 });
    // a later creation-style save keeps the colour and the tickets CTA
    const again = ok(await client.post(`/api/events/${event.id}/cta`, { text: 'RSVP', isCustom: false }));
    expect(again).toMatchObject({ text: 'RSVP', buttonColor: '#FF0000', ticketsCta: 'Get seats', version: 3 });
  });

  it('the path decides the event, whatever eventId the body names', async () => {
    const event = await createEvent(client);
    const other = await createEvent(client);
    ok(await client.post(`/api/events/${event.id}/cta`, { eventId: other.id, text: 'Mine', isCustom: false }));
    expect(ok(await client.get(`/api/events/${other.id}/cta`))).toBeNull();
  });

  it('gives the CTA form message, and changes nothing', async () => {
    const event = await createEvent(client);
    const saved = ok(await client.post(`/api/events/${event.id}/cta`, { text: 'Kept', isCustom: false }));
    expectError(await client.post(`/api/events/${event.id}/cta`, { text: '', isCustom: false }), 400, 'Button text is required.');
    expectError(await client.post(`/api/events/${event.id}/cta`, { isCustom: false }), 400, 'text is required');
    expectError(
      await client.post(`/api/events/${event.id}/cta`, { text: 'Go', buttonColor: 'blue' }),
      400,
      'Button colour must be a hex colour',
    );
    expectError(await client.post(`/api/events/${event.id}/cta`, { text: 'Go', isCustom: 'yes' }), 400, 'isCustom must be a boolean');
    expect(ok(await client.get(`/api/events/${event.id}/cta`))).toEqual(saved);
  });

  it('refuses a stale version with 409 and keeps the newer data', async () => {
    const event = await createEvent(client);
    const url = `/api/events/${event.id}/cta`;
    ok(await client.post(url, { text: 'One', isCustom: false }));
    const two = ok(await client.post(url, { text: 'Two', isCustom: false, version: 1 }));
    expectError(await client.post(url, { text: 'Stale', isCustom: false, version: 1 }), 409, 'changed by someone else');
    expect(ok(await client.get(url))).toEqual(two);
  });

  it('is 404 for an unknown event', async () => {
    const id = unknownId();
    expectError(await client.get(`/api/events/${id}/cta`), 404, 'Event not found');
    expectError(await client.post(`/api/events/${id}/cta`, { text: 'Go', isCustom: false }), 404, 'Event not found');
  });
});

describe('content blocks: GET/POST /api/events/{id}/content-blocks', () => {
  const blocks = [
    { type: 'text', content: 'Welcome to the show' },
    { type: 'image', imageUrl: 'https://img.example.com/a.png', altText: 'Stage' },
    { type: 'banner', headline: 'Big night', backgroundImageUrl: 'http://img.example.com/b.jpg' },
    { type: 'video', embedUrl: 'https://www.youtube.com/embed/abc', caption: 'Trailer' },
  ];

  it('is a bare empty array before anything is saved', async () => {
    const event = await createEvent(client);
    expect(ok(await client.get(`/api/events/${event.id}/content-blocks`))).toEqual([]);
  });

  it('saves a bare array in order, gives each block an id, and reads back the bare array', async () => {
    const event = await createEvent(client);
    const saved = ok<any[]>(await client.post(`/api/events/${event.id}/content-blocks`, blocks));
    expect(Array.isArray(saved)).toBe(true);
    expect(saved.map((b) => b.type)).toEqual(['text', 'image', 'banner', 'video']);
    saved.forEach((block, i) => expect(block).toMatchObject(blocks[i]!));
    const ids = saved.map((b) => b.id);
    expect(new Set(ids).size).toBe(4);
    ids.forEach((id) => expect(typeof id).toBe('string'));
    expect(ok(await client.get(`/api/events/${event.id}/content-blocks`))).toEqual(saved);
  });

  it('keeps the ids it is given, reorders, deletes, and replaces duplicate ids', async () => {
    const event = await createEvent(client);
    const url = `/api/events/${event.id}/content-blocks`;
    const saved = ok<any[]>(await client.post(url, blocks));
    const reordered = [saved[3], saved[0], { ...saved[1], id: saved[0].id }];
    const next = ok<any[]>(await client.post(url, reordered));
    expect(next.map((b) => b.type)).toEqual(['video', 'text', 'image']);
    expect(next[0].id).toBe(saved[3].id);
    expect(next[1].id).toBe(saved[0].id);
    expect(next[2].id).not.toBe(saved[0].id);
    expect(ok<any[]>(await client.get(url))).toEqual(next);
  });

  it('fills missing values with empty strings (no validation)', async () => {
    const event = await createEvent(client);
    const saved = ok<any[]>(await client.post(`/api/events/${event.id}/content-blocks`, [{ type: 'text' }, { type: 'video' }]));
    expect(saved[0]).toMatchObject({ type: 'text', content: '' });
    expect(saved[1]).toMatchObject({ type: 'video', embedUrl: '', caption: '' });
  });

  it('an empty array clears the list', async () => {
    const event = await createEvent(client);
    ok(await client.post(`/api/events/${event.id}/content-blocks`, blocks));
    expect(ok(await client.post(`/api/events/${event.id}/content-blocks`, []))).toEqual([]);
    expect(ok(await client.get(`/api/events/${event.id}/content-blocks`))).toEqual([]);
  });

  it('refuses javascript: links and unknown block types, and changes nothing', async () => {
    const event = await createEvent(client);
    const url = `/api/events/${event.id}/content-blocks`;
    const saved = ok<any[]>(await client.post(url, blocks));
    expectError(
      await client.post(url, [{ type: 'image', imageUrl: 'javascript:alert(1)' }]),
      400,
      'Links must start with http:// or https://',
    );
    expectError(
      await client.post(url, [
        { type: 'text', content: 'ok' },
        { type: 'video', embedUrl: 'data:text/html,x' },
      ]),
      400,
      'blocks.1.embedUrl',
    );
    expectError(await client.post(url, [{ type: 'poll' }]), 400, 'Each block needs a type: text, image, banner or video');
    expectError(await client.post(url, { blocks: 'none' }), 400, 'The body must be a list of blocks');
    expectError(await client.post(url, 'text'), 400, 'The request body must be a JSON object');
    expect(ok(await client.get(url))).toEqual(saved);
  });

  it('takes { blocks, version } and refuses a stale version with 409', async () => {
    const event = await createEvent(client);
    const url = `/api/events/${event.id}/content-blocks`;
    ok(await client.post(url, blocks)); // version 1
    const second = ok<any[]>(await client.post(url, { blocks: blocks.slice(0, 2), version: 1 }));
    expect(second).toHaveLength(2);
    expectError(await client.post(url, { blocks: [], version: 1 }), 409, 'changed by someone else');
    expect(ok(await client.get(url))).toEqual(second);
  });

  it('refuses more than 200 blocks, and a list over the item size (413)', async () => {
    const event = await createEvent(client);
    const url = `/api/events/${event.id}/content-blocks`;
    expectError(
      await client.post(
        url,
        Array.from({ length: 201 }, () => ({ type: 'text' })),
      ),
      400,
      'At most 200 blocks per event',
    );
    const big = Array.from({ length: 20 }, () => ({ type: 'text', content: 'x'.repeat(19_000) }));
    expectError(await client.post(url, big), 413, 'too large');
    expect(ok(await client.get(url))).toEqual([]);
  });

  it('is 404 for an unknown event', async () => {
    const id = unknownId();
    expectError(await client.get(`/api/events/${id}/content-blocks`), 404, 'Event not found');
    expectError(await client.post(`/api/events/${id}/content-blocks`, blocks), 404, 'Event not found');
  });
});
