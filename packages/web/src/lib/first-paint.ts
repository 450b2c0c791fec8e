/**
 * A first visit to a screen shows once, whole. React draws the screen and, as they arrive, its
 * data while the root is laid out but transparent and out of the pointer's reach (`opacity: 0`,
 * which paint timing does not count as content; not `visibility: hidden`, under which a field
 * cannot take the focus, as the check-in screen's code field does for a scanner). The root shows
 * on the first frames in which nothing loads: no skeleton flashes to be replaced a moment later,
 * nothing moves, and the screen is laid out once instead of twice. Loading that takes longer than
 * `capMs` (the router's own wait before it shows a pending screen) shows as it goes, placeholders
 * included. The performance timeline records both ends: `first-paint:hold` and
 * `first-paint:show`, whose detail says whether the screen had settled.
 */
const busySources: (() => boolean)[] = [];

/** Something that loads for the first screen (the API's queries): the first paint waits for it. */
export const holdFirstPaintWhile = (busy: () => boolean) => void busySources.push(busy);

/** Frames in a row with nothing loading: a query's result can start the next one (a lazy chart). */
const quietFrames = 2;

export function paintWhenSettled(container: HTMLElement, capMs = 1000) {
  const hold = performance.mark('first-paint:hold');
  container.style.opacity = '0';
  container.style.pointerEvents = 'none';
  let quiet = 0;
  const check = () => {
    const busy =
      !container.hasChildNodes() || container.querySelector('[aria-busy="true"]') !== null || busySources.some((source) => source());
    quiet = busy ? 0 : quiet + 1;
    const settled = quiet >= quietFrames;
    if (!settled && performance.now() - hold.startTime < capMs) {
      requestAnimationFrame(check);
      return;
    }
    container.style.removeProperty('opacity');
    container.style.removeProperty('pointer-events');
    performance.mark('first-paint:show', { detail: { settled } });
  };
  requestAnimationFrame(check);
}
