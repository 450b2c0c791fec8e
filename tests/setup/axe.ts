import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';

// axe-core's own bundle, evaluated in the page. page.evaluate runs outside the page's CSP
// (`script-src 'self'`), which would refuse an injected <script>.
const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/** WCAG 2.1 A and AA, as the issue asks; best-practice rules are not part of the bar. */
const options: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * The rules whose answer depends on the colours alone: a state already checked in one scheme is
 * checked in the other with these only (the DOM, names, roles and order are the same; only the
 * theme's variables differ), which halves a walk's axe time.
 */
const colourRules: RunOptions = {
  // axe's `cat.color` rules of WCAG 2.1 A and AA
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
  resultTypes: ['violations'],
};

type AxeWindow = { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };

/**
 * Runs axe over the whole page as it stands and returns one readable line per serious or
 * critical rule broken: the state, the rule, the first element and axe's summary of what is wrong.
 */
export async function axeProblems(page: Page, state: string, { coloursOnly = false } = {}): Promise<string[]> {
  // A colour still halfway through its transition (a scheme just switched, a hover) is not the
  // page's colour: wait (bounded) until the short transitions have ended; endless ones (spinners)
  // are not waited for.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || !(Number(a.effect?.getComputedTiming().endTime) < 5000)),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const opts = coloursOnly ? colourRules : options;
  const results = (await page.evaluate((o) => (window as unknown as AxeWindow).axe.run(document, o), opts)) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      // One line per rule: the first element in full, and how many more fail the same way.
      const [first] = v.nodes;
      const summary = (first?.failureSummary ?? v.help).replace(/^Fix (any|all) of the following:\s*/, '').replace(/\s+/g, ' ');
      const more = v.nodes.length > 1 ? ` (and ${v.nodes.length - 1} more)` : '';
      return `[${state}] ${v.id} (${v.impact}) at ${first?.target.join(' ')}${more}: ${summary}`;
    });
}
