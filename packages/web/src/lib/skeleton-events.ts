/**
 * Every skeleton's shine is a CSS animation (app-theme.css), and Chromium hands each one's
 * animationstart and animationiteration events to the listeners React keeps on #root: with a table
 * of placeholders, some fifty events in one task, and as many again every 1.8 s while it loads,
 * each walked through React's tree for handlers no skeleton has. They end at the window instead.
 */
const endSkeletonEvent = (event: Event) => {
  if (event.target instanceof Element && event.target.classList.contains('skeleton')) event.stopImmediatePropagation();
};
for (const type of ['animationstart', 'animationiteration', 'animationend', 'animationcancel'])
  window.addEventListener(type, endSkeletonEvent, { capture: true });
