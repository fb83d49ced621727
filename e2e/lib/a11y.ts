// Accessibility on every screen a journey saves (issue 19): axe-core's WCAG 2.1 A/AA rules, in
// light and dark mode, at desktop and phone width. Serious and critical findings fail the journey
// that found them and the run (printed at the end with where they were found), unless
// E2E_A11Y_REPORT_ONLY=1; minor and moderate ones are only counted.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface A11yFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Findings fail journeys (the default), or E2E_A11Y_REPORT_ONLY=1 only prints them. */
export const A11Y_STRICT = process.env.E2E_A11Y_REPORT_ONLY !== '1';

export const a11yFindings: A11yFinding[] = [];
export let a11yMinor = 0;
export let a11yScans = 0;
/** Time spent scanning, so the run says what its accessibility checks cost. */
let a11yMs = 0;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

declare global {
  interface Window {
    /** axe-core, once scanPage has put it into the document. */
    axe?: typeof axe;
  }
}

/**
 * Waits until the page's running animations and transitions that end have ended (at most 2 s;
 * a spinner's never do): a colour caught mid-transition, such as a button's 200 ms fade after a
 * colour-mode switch, is not the colour a person reads.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return a.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.race([
      Promise.all(ending.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

/** Scans the page as it is now, once it is still; `where` names the screen, mode and width. */
export async function scanPage(page: Page, where: string): Promise<void> {
  const t0 = Date.now();
  await settle(page);
  // axe-core is put into a document once and then run there: @axe-core/playwright evaluated its
  // 560 KB source twice per scan, which was most of a scan's time (1 s → 70 ms a scan on the
  // landing page, same results). Only the violations come back; passes are not needed.
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function')))
    await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    if (!window.axe) throw new Error('axe-core is not in the page');
    return (await window.axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations;
  }, TAGS);
  a11yMs += Date.now() - t0;
  a11yScans += 1;
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') {
      a11yMinor += v.nodes.length;
      continue;
    }
    a11yFindings.push({
      where,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      // The element and why, briefly (contrast findings name both colours and the ratio).
      targets: v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `${n.html.replace(/\s+/g, ' ').slice(0, 140)}${n.any[0]?.message ? ` — ${n.any[0].message}` : ''}`,
        ),
    });
  }
}

/** Switches the app's colour mode in place (the app follows the stored preference's changes). */
export async function setColorMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.evaluate((m) => {
    localStorage.setItem('theme', m);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: m }));
  }, mode);
  await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode);
}

export async function currentColorMode(page: Page): Promise<'light' | 'dark'> {
  return (await page.evaluate(() => document.documentElement.classList.contains('dark')))
    ? 'dark'
    : 'light';
}

/** Prints the findings; true when none is serious or critical. */
export function printA11y(): boolean {
  console.log(
    `\nAccessibility: ${a11yScans} scans in ${(a11yMs / 1000).toFixed(1)} s (axe-core, WCAG 2.1 A/AA), ${a11yFindings.length} serious or critical finding(s), ${a11yMinor} minor or moderate node(s)${A11Y_STRICT ? '' : ' (report only: E2E_A11Y_REPORT_ONLY=1)'}`,
  );
  for (const f of a11yFindings) {
    console.log(`  ${f.where}: ${f.impact} ${f.rule} (${f.help})`);
    for (const t of f.targets) console.log(`      ${t}`);
  }
  return a11yFindings.length === 0;
}
