// The dashboard banner's layout on phones (issue 19): its title, badges, slide controls and
// buttons never overlap or run off the banner, the controls stay off the picture, and text and
// badges leave most of a photo clear. Measured from the rendered boxes at each width.
import type { Page } from 'playwright-core';
import { check } from './expect.ts';
import { DESKTOP } from './session.ts';

export const PHONE_WIDTHS = [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
] as const;

interface Part {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** In the toolbar below the picture (controls and actions), not on it. */
  control: boolean;
}

interface Layout {
  banner: Part;
  stage: Part;
  parts: Part[];
  onPhoto: boolean;
}

/** The banner's parts as the browser laid them out. */
function measure(page: Page): Promise<Layout> {
  // No named helpers inside: the page gets this function's source as it was compiled.
  return page.evaluate(() => {
    const banner = document.querySelector<HTMLElement>('[data-testid=event-banner]');
    const stage = banner?.querySelector<HTMLElement>('[data-testid=banner-stage]');
    if (!banner || !stage) throw new Error('no dashboard banner on the page');
    const found: [Element, string, boolean][] = [
      [banner, 'banner', false],
      [stage, 'picture', false],
    ];
    for (const id of [
      'banner-title',
      'banner-featured',
      'banner-countdown',
      'banner-logo',
      'banner-add-photo',
      'banner-details',
    ]) {
      const el = banner.querySelector(`[data-testid=${id}]`);
      if (el) found.push([el, id, false]);
    }
    const toolbar = banner.querySelector('[data-testid=banner-toolbar]');
    // Its controls: the slide controls and buttons, and each switch (not the row holding them).
    const controls = toolbar
      ? Array.from(
          toolbar.querySelectorAll(
            ':scope > :not([data-testid=banner-settings]), [data-testid=banner-settings] > label',
          ),
        )
      : [];
    for (const el of controls) {
      const name =
        el.getAttribute('data-testid') ??
        el.getAttribute('aria-label') ??
        (el as HTMLElement).innerText.trim();
      found.push([el, name, true]);
    }
    const boxes = found.map(([el, name, control]) => {
      const r = el.getBoundingClientRect();
      return { name, x: r.x, y: r.y, width: r.width, height: r.height, control };
    });
    return {
      banner: boxes[0]!,
      stage: boxes[1]!,
      parts: boxes.slice(2).filter((p) => p.width > 0 && p.height > 0),
      onPhoto: stage.querySelector('[data-testid=banner-image]') !== null,
    };
  });
}

const EPSILON = 0.5;

function overlap(a: Part, b: Part): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > EPSILON && h > EPSILON ? w * h : 0;
}

/** What is wrong with the layout, one sentence each (none: an empty list). */
export function bannerLayoutProblems({ banner, stage, parts, onPhoto }: Layout): string[] {
  const problems: string[] = [];
  parts.forEach((a, i) => {
    for (const b of parts.slice(i + 1)) {
      if (overlap(a, b) > 0) problems.push(`"${a.name}" overlaps "${b.name}"`);
    }
    if (a.x < banner.x - EPSILON || a.x + a.width > banner.x + banner.width + EPSILON)
      problems.push(`"${a.name}" runs off the banner's sides`);
    if (a.control && overlap(a, stage) > 0) problems.push(`"${a.name}" covers the picture`);
  });
  if (onPhoto) {
    const covered = parts.reduce((sum, p) => sum + overlap(p, stage), 0);
    const share = covered / (stage.width * stage.height);
    if (share > 0.5)
      problems.push(`text and badges cover ${Math.round(share * 100)} % of the photo`);
  }
  return problems;
}

/** Checks the banner at each phone width, then puts the desktop viewport back. */
export async function checkBannerLayout(page: Page, what: string): Promise<void> {
  try {
    for (const size of PHONE_WIDTHS) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      const layout = await measure(page);
      check(layout.parts.length > 0, `the banner's parts to measure (${what})`);
      const problems = bannerLayoutProblems(layout);
      check(
        problems.length === 0,
        `${what} at ${size.width} px: ${problems.join('; ')} (${JSON.stringify(layout.parts)})`,
      );
    }
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}
