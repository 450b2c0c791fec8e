import { describe, expect, it } from 'vitest';
import type { ContentBlock, ContentBlockInput } from '@event-admin/core/content-block/content-block.schema';
import { baseUrl, firstPaintShown, hidden, signedInSession, uid, visible } from '../setup/browser.ts';
import { waitMs, postEvent, toastShown, toasts } from '../setup/browser.ts';

const wait = waitMs;
const { page, consoleErrors } = await signedInSession();

const toast = () => toasts(page);
const panel = () => page.getByRole('tabpanel');
const blocks = () => panel().getByTestId('content-block');
const addDialog = () => page.getByRole('dialog', { name: 'Add Block' });
// An image the test server really serves, so previews load without the internet.
const logo = () => `${baseUrl()}/logo.svg`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const expectToast = (title: string, description?: string) => toastShown(page, title, description);

const createEvent = () =>
  postEvent(page, { title: `Blocks Test ${uid()}`, date: '2031-09-01T18:00:00.000Z', time: '18:00', venue: 'Block Hall', status: 'draft' });

async function savedBlocks(id: string): Promise<ContentBlock[]> {
  const response = await page.request.get(`/api/events/${id}/content-blocks`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function seedBlocks(id: string, list: ContentBlockInput[]) {
  const response = await page.request.post(`/api/events/${id}/content-blocks`, { data: list });
  expect(response.status()).toBe(200);
  return savedBlocks(id);
}

async function openBlocks(id: string) {
  await page.goto(`/events/${id}?tab=blocks`);
  await visible(panel().getByRole('heading', { name: 'Content Blocks' }));
  await visible(panel().getByRole('button', { name: 'Save Changes' }));
  await firstPaintShown(page);
}

const order = () => blocks().evaluateAll((els) => els.map((el) => el.getAttribute('data-block-id')));
const types = () => blocks().evaluateAll((els) => els.map((el) => el.getAttribute('data-block-type')));

async function addBlock(type: 'Text' | 'Image' | 'Banner' | 'Video', fields: Record<string, string>) {
  await panel().getByRole('button', { name: 'Add Block' }).click();
  await visible(addDialog());
  await addDialog().getByRole('tab', { name: type }).click();
  expect(await addDialog().getByRole('tab', { name: type }).getAttribute('aria-selected')).toBe('true');
  for (const [label, value] of Object.entries(fields)) await addDialog().getByLabel(label, { exact: true }).fill(value);
  await addDialog().getByRole('button', { name: 'Add Block' }).click();
  await hidden(addDialog());
}

async function saveAndExpectToast() {
  await panel().getByRole('button', { name: 'Save Changes' }).click();
  await expectToast('Content blocks saved', 'Your content blocks have been updated successfully.');
}

const sampleBlocks: ContentBlockInput[] = [
  { type: 'text', content: 'First block' },
  { type: 'image', imageUrl: 'https://images.example.com/2.jpg', altText: 'Second block' },
  { type: 'banner', headline: 'Third block', backgroundImageUrl: '' },
  { type: 'video', embedUrl: 'http://videos.example.com/4', caption: 'Fourth block' },
];

describe('content block editor', () => {
  it('starts empty, adds blocks of all four types with their previews, saves and reloads them', async () => {
    const event = await createEvent();
    await openBlocks(event.id);
    await visible(panel().getByText('No content blocks added yet', { exact: true }));
    await panel().getByRole('button', { name: 'Add your first block' }).click();
    await visible(addDialog());
    expect((await addDialog().getByRole('tab').allTextContents()).map((t) => t.trim())).toEqual(['Text', 'Image', 'Banner', 'Video']);
    await addDialog().getByRole('button', { name: 'Cancel' }).click();
    await hidden(addDialog());

    const longText = 'This text block is much longer than forty characters, so its preview is cut.';
    await addBlock('Text', { Content: longText });
    await addBlock('Image', { 'Image URL': logo(), 'Alt Text': 'The hall at night' });
    await addBlock('Banner', { Headline: 'Welcome to the show', 'Background Image URL': 'https://images.example.com/banner.jpg' });
    await addBlock('Video', { 'Embed URL': 'https://www.youtube.com/embed/abc123', Caption: 'Last year' });
    await addBlock('Video', { 'Embed URL': 'http://videos.example.com/plain', Caption: '' });
    expect(await types()).toEqual(['text', 'image', 'banner', 'video', 'video']);

    // Previews: text cut at 40 characters, the image, an iframe only for https videos.
    expect(await blocks().nth(0).getByTestId('block-preview-text').textContent()).toBe(`${longText.slice(0, 40)}...`);
    expect(await blocks().nth(1).getByRole('img', { name: 'The hall at night' }).getAttribute('src')).toBe(logo());
    await visible(blocks().nth(2).getByText('Welcome to the show'));
    expect(await blocks().nth(3).locator('iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/abc123');
    expect(await blocks().nth(4).locator('iframe').count()).toBe(0);
    expect(await blocks().nth(4).getByRole('link', { name: 'http://videos.example.com/plain' }).getAttribute('href')).toBe(
      'http://videos.example.com/plain',
    );

    const ids = await order();
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{32,36}$/);

    await saveAndExpectToast();
    const saved = await savedBlocks(event.id);
    expect(saved.map((b) => b.id)).toEqual(ids);
    expect(saved[0]).toMatchObject({ type: 'text', content: longText });
    expect(saved[1]).toMatchObject({ type: 'image', imageUrl: logo(), altText: 'The hall at night' });
    expect(saved[2]).toMatchObject({
      type: 'banner',
      headline: 'Welcome to the show',
      backgroundImageUrl: 'https://images.example.com/banner.jpg',
    });
    expect(saved[3]).toMatchObject({ type: 'video', embedUrl: 'https://www.youtube.com/embed/abc123', caption: 'Last year' });
    expect(saved[4]).toMatchObject({ type: 'video', embedUrl: 'http://videos.example.com/plain', caption: '' });

    await page.reload();
    await visible(blocks().first());
    expect(await order()).toEqual(ids);
  });

  it('refuses a javascript: URL before saving, in the Add Block dialog and the edit card', async () => {
    const event = await createEvent();
    await seedBlocks(event.id, [{ type: 'image', imageUrl: logo(), altText: 'ok' }]);
    await openBlocks(event.id);
    await visible(blocks().first());

    for (const [tab, label] of [
      ['Image', 'Image URL'],
      ['Banner', 'Background Image URL'],
      ['Video', 'Embed URL'],
    ] as const) {
      await panel().getByRole('button', { name: 'Add Block' }).click();
      await addDialog().getByRole('tab', { name: tab }).click();
      await addDialog().getByLabel(label, { exact: true }).fill('javascript:alert(1)');
      await addDialog().getByRole('button', { name: 'Add Block' }).click();
      await visible(addDialog().getByText('Links must start with http:// or https://', { exact: true }));
      await addDialog().getByRole('button', { name: 'Cancel' }).click();
      await hidden(addDialog());
    }
    expect(await blocks().count()).toBe(1);

    await panel().getByRole('button', { name: 'Edit block 1' }).click();
    const card = panel().getByRole('group', { name: 'Edit block 1' });
    await card.getByLabel('Image URL', { exact: true }).fill('JavaScript:alert(document.cookie)');
    await card.getByRole('button', { name: 'Update Block' }).click();
    await visible(card.getByText('Links must start with http:// or https://', { exact: true }));
    await card.getByRole('button', { name: 'Cancel' }).click();
    await hidden(card);
    expect(await blocks().first().locator('img').getAttribute('src')).toBe(logo());

    // The server refuses it too.
    const refused = await page.request.post(`/api/events/${event.id}/content-blocks`, {
      data: [{ type: 'video', embedUrl: 'javascript:alert(1)' }],
    });
    expect(refused.status()).toBe(400);
    expect((await savedBlocks(event.id))[0]).toMatchObject({ imageUrl: logo() });
  });

  it('edits a block inline and deletes one, then saves', async () => {
    const event = await createEvent();
    const seeded = await seedBlocks(event.id, sampleBlocks);
    await openBlocks(event.id);
    await expect.poll(() => blocks().count(), { timeout: wait }).toBe(4);

    await panel().getByRole('button', { name: 'Edit block 1' }).click();
    const card = panel().getByRole('group', { name: 'Edit block 1' });
    expect(await card.getByLabel('Content', { exact: true }).inputValue()).toBe('First block');
    await card.getByLabel('Content', { exact: true }).fill('First block, edited');
    await card.getByRole('button', { name: 'Update Block' }).click();
    await hidden(card);
    await visible(blocks().first().getByText('First block, edited'));

    await panel().getByRole('button', { name: 'Delete block 3' }).click();
    expect(await types()).toEqual(['text', 'image', 'video']);
    await visible(panel().getByText('Unsaved changes'));
    await saveAndExpectToast();
    const saved = await savedBlocks(event.id);
    expect(saved.map((b) => b.id)).toEqual([seeded[0]!.id, seeded[1]!.id, seeded[3]!.id]);
    expect(saved[0]).toMatchObject({ type: 'text', content: 'First block, edited' });
  });

  it('reorders by mouse drag, saves, and keeps the new order after a reload', async () => {
    const event = await createEvent();
    const seeded = await seedBlocks(event.id, sampleBlocks);
    await openBlocks(event.id);
    await expect.poll(() => blocks().count(), { timeout: wait }).toBe(4);
    const [a, b, c, d] = seeded.map((x) => x.id);

    const handle = panel().getByRole('button', { name: 'Drag to reorder block 1' });
    const from = (await handle.boundingBox())!;
    const dragged = (await blocks().nth(0).boundingBox())!;
    const to = (await blocks().nth(2).boundingBox())!;
    // The block's centre, not the handle's, is what lands: move it onto the third block's centre
    // (whatever the blocks' heights), a little past it, well short of the fourth.
    const centreOf = (box: { y: number; height: number }) => box.y + box.height / 2;
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 12, { steps: 4 });
    await page.mouse.move(x, y + centreOf(to) - centreOf(dragged) + 5, { steps: 20 });
    // released once dnd-kit has seen the last move (on a busy machine it can lag behind the mouse)
    await visible(panel().getByText('Text block 1 is over position 3 of 4.'));
    await page.mouse.up();
    await expect.poll(order, { timeout: wait }).toEqual([b, c, a, d]);
    // dnd-kit swallows every click for 50 ms after a drop (so the drop is not also a click): a
    // person never clicks that fast, the test can, and its Save would then do nothing.
    await visible(panel().getByText('Text block 1 dropped at position 3 of 4.'));
    await pause(250);

    await saveAndExpectToast();
    expect((await savedBlocks(event.id)).map((x) => x.id)).toEqual([b, c, a, d]);
    await page.reload();
    await visible(blocks().first());
    expect(await order()).toEqual([b, c, a, d]);
  });

  it('reorders by keyboard (drag handle and Move buttons), saves, and keeps the new order after a reload', async () => {
    const event = await createEvent();
    const seeded = await seedBlocks(event.id, sampleBlocks);
    await openBlocks(event.id);
    await expect.poll(() => blocks().count(), { timeout: wait }).toBe(4);
    const [a, b, c, d] = seeded.map((x) => x.id);

    // The handle: Space picks up, ArrowDown moves, Space drops; each key waits for the
    // announcement of the one before (a busy machine may take longer than any fixed pause).
    const announced = () => page.locator('[id^="DndLiveRegion"]').first().textContent();
    await panel().getByRole('button', { name: 'Drag to reorder block 1' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(announced, { timeout: wait }).toMatch(/^Picked up |is over position 1 of 4\.$/);
    // dnd-kit's keyboard sensor listens for the moving keys from a timer it sets on pick-up,
    // and Chromium runs input before timers: wait for a timer set after it to run.
    await page.evaluate(() => new Promise((ran) => setTimeout(ran, 0)));
    await page.keyboard.press('ArrowDown');
    await expect.poll(announced, { timeout: wait }).toMatch(/is over position 2 of 4\.$/);
    await page.keyboard.press('Space');
    await expect.poll(order, { timeout: wait }).toEqual([b, a, c, d]);

    // The Move buttons, by keyboard.
    await panel().getByRole('button', { name: 'Move block 4 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order, { timeout: wait }).toEqual([b, a, d, c]);
    await panel().getByRole('button', { name: 'Move block 1 down' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order, { timeout: wait }).toEqual([a, b, d, c]);
    expect(await panel().getByRole('button', { name: 'Move block 1 up' }).isDisabled()).toBe(true);
    expect(await panel().getByRole('button', { name: 'Move block 4 down' }).isDisabled()).toBe(true);

    await saveAndExpectToast();
    await page.reload();
    await visible(blocks().first());
    expect(await order()).toEqual([a, b, d, c]);
  });

  it('reports a stale save (409) and keeps the edited list', async () => {
    const event = await createEvent();
    await seedBlocks(event.id, sampleBlocks);
    await openBlocks(event.id);
    await expect.poll(() => blocks().count(), { timeout: wait }).toBe(4);
    // Someone else replaces the list after the page loaded.
    await seedBlocks(event.id, [{ type: 'text', content: 'Elsewhere' }]);

    await panel().getByRole('button', { name: 'Delete block 4' }).click();
    await panel().getByRole('button', { name: 'Save Changes' }).click();
    await expectToast('Error saving content blocks');
    await visible(toast().getByText(/changed by someone else/));
    expect(await blocks().count()).toBe(3);
    expect(await savedBlocks(event.id)).toMatchObject([{ type: 'text', content: 'Elsewhere' }]);

    await panel().getByRole('button', { name: 'Load latest version' }).click();
    await expect.poll(() => blocks().count(), { timeout: wait }).toBe(1);
  });

  it('reports a failed save with the SPEC message', async () => {
    const event = await createEvent();
    await openBlocks(event.id);
    await addBlock('Text', { Content: 'Will not be saved' });
    const saveCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('contentBlocks.save');
    await page.route(saveCall, (route) => route.abort());
    try {
      await panel().getByRole('button', { name: 'Save Changes' }).click();
      await expectToast('Error saving content blocks', 'There was a problem saving your content blocks. Please try again.');
    } finally {
      await page.unroute(saveCall);
    }
    expect(await blocks().count()).toBe(1);
  });

  it('logs a load failure and shows an empty list', async () => {
    const event = await createEvent();
    await seedBlocks(event.id, sampleBlocks);
    const loadCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('contentBlocks.get');
    await page.route(loadCall, (route) => route.abort());
    const before = consoleErrors.length;
    try {
      await openBlocks(event.id);
      await visible(panel().getByText('No content blocks added yet', { exact: true }));
      expect(consoleErrors.slice(before).some((e) => e.includes('Failed to load content blocks'))).toBe(true);
    } finally {
      await page.unroute(loadCall);
    }
  });
});
