/**
 * What every view of the panel is held to, checked in both browsers through the shared driver: axe-core finds
 * no moderate, serious or critical violation, and the page does not scroll sideways at a side panel's widths.
 * axe-core's source is run in the page through the driver (extension pages forbid inline scripts).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ColorScheme, ExtensionBrowser, PageDriver } from '@/testing/browser/driver';
import { wordsOnFirstScreen } from '@/testing/first-screen-words';
import { waitFor } from '@/testing/steps';

/** The side panel's widths a member may give it (Chrome's minimum is 320 px). */
const PANEL_WIDTHS = [320, 360, 420] as const;

/** Impacts the suite fails on: the issue asks for serious and critical, and moderate fixed too. */
const FAILING_IMPACTS = ['moderate', 'serious', 'critical'];

let axeSource: string | null = null;

function loadAxeSource(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending nodes (a few), to find them in a failure message. */
  targets: string[];
}

/** `__afterTwoFrames(next)`: runs `next` after two frames, installed in a page by FRAMES_SOURCE. */
interface TwoFrames {
  __afterTwoFrames(next: () => void): void;
}

/**
 * Two frames: what was just changed laid out and painted. A frame, or a moment where a page in the background
 * draws none (a tab behind another): layout is read either way, and a measurement never hangs on a frame.
 */
const FRAMES_SOURCE = `globalThis.__afterTwoFrames = (next) => {
  const frame = (then) => {
    let ran = false;
    const once = () => { if (!ran) { ran = true; then(); } };
    requestAnimationFrame(once);
    setTimeout(once, 250);
  };
  frame(() => frame(next));
};`;

/** Installs the two-frames helper in the page once (a page navigated since has lost it). */
async function ensureFrames(page: PageDriver): Promise<void> {
  const installed = await page.evaluate(
    () => typeof (globalThis as { __afterTwoFrames?: unknown }).__afterTwoFrames === 'function',
    null,
  );
  if (!installed) await page.runSource(FRAMES_SOURCE);
}

/** axe-core's violations on the page as it is now, at the failing impacts. */
async function axeViolations(page: PageDriver): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object', null);
  if (!loaded) await page.runSource(loadAxeSource());
  const found = await page.evaluate(async () => {
    interface AxeNode {
      target: unknown[];
    }
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: AxeNode[];
    }
    const axe = (
      globalThis as unknown as {
        axe: { run(ctx: Document, options: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' ')),
    }));
  }, null);
  return found.filter((f) => FAILING_IMPACTS.includes(f.impact));
}

interface SidewaysScroll {
  width: number;
  scrollWidth: number;
  /** The elements reaching past an edge (a few), to find them in a failure message. */
  overflowing: string[];
}

/** Whether the page scrolls sideways at each panel width; the width is set back to `restore` after. */
async function sidewaysScrolls(page: PageDriver, restore = 420): Promise<SidewaysScroll[]> {
  const found: SidewaysScroll[] = [];
  for (const width of PANEL_WIDTHS) {
    await page.setWidth(width);
    await ensureFrames(page);
    const measured = await page.evaluate(
      () =>
        new Promise<{ clientWidth: number; scrollWidth: number; overflowing: string[] }>((resolve) => {
          // Two frames: the new width laid out and painted.
          // Two frames (see FRAMES_SOURCE), installed once per page.
          (globalThis as unknown as TwoFrames).__afterTwoFrames(() => {
            const root = document.documentElement;
            const overflowing: string[] = [];
            for (const el of Array.from(document.body.querySelectorAll('*'))) {
              const box = el.getBoundingClientRect();
              // Past the right edge, or past the left one in a right-to-left page.
              if (box.width > 0 && (box.right > root.clientWidth + 0.5 || box.left < -0.5)) {
                const cls =
                  typeof el.className === 'string' && el.className
                    ? `.${el.className.trim().split(/\s+/).join('.')}`
                    : '';
                overflowing.push(`${el.tagName.toLowerCase()}${cls} (right ${Math.round(box.right)})`);
              }
              if (overflowing.length >= 5) break;
            }
            resolve({ clientWidth: root.clientWidth, scrollWidth: root.scrollWidth, overflowing });
          });
        }),
      null,
    );
    if (measured.scrollWidth > measured.clientWidth) {
      found.push({ width, scrollWidth: measured.scrollWidth, overflowing: measured.overflowing });
    }
  }
  await page.setWidth(restore);
  return found;
}

/** Non-text contrast (WCAG 1.4.11), which axe-core does not check: a field's border or a radio's outline. */
const NON_TEXT_CONTRAST = 3;

/** The fields and radios whose border has less than 3:1 against what is behind them. */
async function lowContrastControls(page: PageDriver): Promise<string[]> {
  return page.evaluate((minimum) => {
    const rgb = (value: string): [number, number, number, number] | null => {
      const m = value.match(/rgba?\(([^)]+)\)/);
      if (!m?.[1]) return null;
      const [r = 0, g = 0, b = 0, a = 1] = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const luminance = ([r, g, b]: [number, number, number, number]) => {
      const c = [r, g, b].map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
    };
    const behind = (el: Element | null): [number, number, number, number] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c && c[3] > 0.5) return c;
      }
      return [255, 255, 255, 1];
    };
    const found: string[] = [];
    const controls = document.querySelectorAll(
      'input[type="text"], input[type="url"], input[type="search"], input[type="radio"], textarea, select',
    );
    for (const el of Array.from(controls)) {
      if (!el.checkVisibility()) continue;
      const border = rgb(getComputedStyle(el).borderTopColor);
      if (!border || border[3] < 0.5) continue;
      const back = behind(el.parentElement);
      const [hi, lo] = [luminance(border), luminance(back)].sort((a, b) => b - a) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < minimum) {
        const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.id;
        found.push(`${el.tagName.toLowerCase()} "${(name ?? '').trim().slice(0, 40)}" border ${ratio.toFixed(2)}:1`);
      }
    }
    return found.slice(0, 5);
  }, NON_TEXT_CONTRAST);
}

/** Both checks on one view; a readable list of what failed (empty when the view holds). */
async function viewProblems(page: PageDriver, view: string): Promise<string[]> {
  const problems: string[] = [];
  for (const v of await axeViolations(page)) {
    problems.push(`${view}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
  }
  for (const c of await lowContrastControls(page)) {
    problems.push(`${view}: non-text contrast under ${NON_TEXT_CONTRAST}:1: ${c}`);
  }
  for (const s of await sidewaysScrolls(page)) {
    problems.push(
      `${view}: scrolls sideways at ${s.width} px (content ${s.scrollWidth} px): ${s.overflowing.join(', ')}`,
    );
  }
  return problems;
}

/** Something a view must show on its first screen: found by a CSS selector and, when given, its text. */
export interface FirstScreenTarget {
  what: string;
  selector: string;
  text?: string;
  /** Only its first line need be in sight (a note), not the whole element. */
  firstLine?: boolean;
  /** Where it must end, in px from the top of the view, when sooner than the first screen's bottom (800). */
  within?: number;
  /** The smallest computed font size it may have, in px (a line that must be readable: a result's header). */
  minFontPx?: number;
  /** Elements (a CSS selector) its box may overlap none of, as laid out: a bar drawn over a question. */
  apartFrom?: string;
}

interface FirstScreen {
  /** Readable failures: a target missing, below the first screen, or the page scrolling sideways. */
  problems: string[];
  /** Each target's top and bottom in px from the top of the view, for the closing note's before and after. */
  found: Record<string, { top: number; bottom: number }>;
}

/** A side panel's usual width; the driver's pages are PANEL_HEIGHT (800 px) tall. */
const FIRST_SCREEN_WIDTH = 360;

/**
 * Whether each target is inside the first screen of `view` at 360 × 800, scrolled to the top: its whole box
 * (or its first line) above 800 px, at its smallest font size if it has one; and that nothing reaches past
 * the right edge.
 */
async function firstScreenProblems(
  page: PageDriver,
  view: string,
  targets: readonly FirstScreenTarget[],
): Promise<FirstScreen> {
  await page.setWidth(FIRST_SCREEN_WIDTH);
  await ensureFrames(page);
  const measured = await page.evaluate(
    (targets) =>
      new Promise<{
        height: number;
        scrollWidth: number;
        clientWidth: number;
        found: Record<
          string,
          { top: number; bottom: number; lineBottom: number; fontPx: number; overlaps: number } | null
        >;
      }>((resolve) => {
        window.scrollTo(0, 0);
        // Two frames (see FRAMES_SOURCE), installed once per page.
        (globalThis as unknown as TwoFrames).__afterTwoFrames(() => {
          const found: Record<
            string,
            { top: number; bottom: number; lineBottom: number; fontPx: number; overlaps: number } | null
          > = {};
          for (const t of targets) {
            const el = Array.from(document.querySelectorAll(t.selector)).find(
              (e) => t.text === undefined || (e.textContent ?? '').includes(t.text),
            );
            if (!el) {
              found[t.what] = null;
              continue;
            }
            const box = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            const line = Number.parseFloat(style.lineHeight) || 24;
            const fontPx = Number.parseFloat(style.fontSize);
            // Boxes that share more than an edge (half a pixel of rounding allowed), neither inside the other.
            const overlaps = Array.from(t.apartFrom ? document.querySelectorAll(t.apartFrom) : []).filter((other) => {
              if (other === el || other.contains(el) || el.contains(other)) return false;
              const o = other.getBoundingClientRect();
              return (
                o.width > 0 &&
                o.height > 0 &&
                box.left < o.right - 0.5 &&
                o.left < box.right - 0.5 &&
                box.top < o.bottom - 0.5 &&
                o.top < box.bottom - 0.5
              );
            }).length;
            found[t.what] = { top: box.top, bottom: box.bottom, lineBottom: box.top + line, fontPx, overlaps };
          }
          const root = document.documentElement;
          resolve({
            height: window.innerHeight,
            scrollWidth: root.scrollWidth,
            clientWidth: root.clientWidth,
            found,
          });
        });
      }),
    targets.map((t) => ({ ...t })),
  );
  const problems: string[] = [];
  const found: FirstScreen['found'] = {};
  for (const t of targets) {
    const box = measured.found[t.what];
    if (!box) {
      problems.push(`${view}: ${t.what} is not on the page`);
      continue;
    }
    found[t.what] = { top: Math.round(box.top), bottom: Math.round(box.bottom) };
    const end = t.firstLine ? box.lineBottom : box.bottom;
    const limit = Math.min(t.within ?? measured.height, measured.height);
    if (box.top < 0 || end > limit) {
      problems.push(
        `${view}: ${t.what} is at ${Math.round(box.top)}–${Math.round(end)} px, outside the first ${limit} px`,
      );
    }
    if (t.minFontPx !== undefined && !(box.fontPx >= t.minFontPx)) {
      problems.push(`${view}: ${t.what} is set at ${box.fontPx} px, under ${t.minFontPx} px`);
    }
    if (box.overlaps > 0) problems.push(`${view}: ${t.what} overlaps ${box.overlaps} of "${t.apartFrom}"`);
  }
  if (measured.scrollWidth > measured.clientWidth) {
    problems.push(`${view}: scrolls sideways (content ${measured.scrollWidth} px in ${measured.clientWidth} px)`);
  }
  return { problems, found };
}

/** The words a member sees on the first screen of a view at 360 × 800 (wordsOnFirstScreen), after two frames. */
async function firstScreenWords(page: PageDriver, language: string): Promise<{ all: number; besidesAnswer: number }> {
  await page.setWidth(FIRST_SCREEN_WIDTH);
  await ensureFrames(page);
  await page.evaluate(
    () => new Promise<void>((resolve) => (globalThis as unknown as TwoFrames).__afterTwoFrames(resolve)),
    null,
  );
  return page.evaluate(wordsOnFirstScreen, language);
}

/** What a look at one view checks in each colour scheme. */
export interface Look {
  /** axe-core and the sideways scroll at each panel width (viewProblems). */
  axe?: boolean;
  /** What must be on the first screen at 360 × 800 (firstScreenProblems). */
  firstScreen?: readonly FirstScreenTarget[];
  /** The picture's and positions' name prefix when FIRST_SCREEN_OUT names a folder (browser, profile, language). */
  name?: string;
  /** The most words the first screen may show (firstScreenWords), in the language named last in `name`. */
  words?: number;
}

/** Both schemes, dark first, so the browser is left in light, as it started. */
const SCHEMES: readonly ColorScheme[] = ['dark', 'light'];

/**
 * One view looked at in dark and in light, switched in place (the browser's media emulation, not a new browser),
 * each scheme waited for in the page before it is measured. Answers the readable problems, each naming the view
 * and the scheme, and each first-screen target's top per scheme (for a failure's message).
 */
export async function lookInBothSchemes(
  browser: ExtensionBrowser,
  page: PageDriver,
  view: string,
  look: Look,
): Promise<{ problems: string[]; tops: Record<string, number> }> {
  const problems: string[] = [];
  const tops: Record<string, number> = {};
  for (const scheme of SCHEMES) {
    await browser.setColorScheme(scheme);
    await waitFor(
      page,
      `the ${scheme} colour scheme`,
      (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
      scheme === 'dark',
    );
    const named = `${view}, ${scheme}`;
    if (look.axe) problems.push(...(await viewProblems(page, named)));
    if (look.firstScreen) {
      const screen = await firstScreenProblems(page, named, look.firstScreen);
      problems.push(...screen.problems);
      for (const [what, box] of Object.entries(screen.found)) tops[`${named}: ${what}`] = box.top;
      // FIRST_SCREEN_OUT=dir keeps a picture of each view and the measured positions, to compare builds.
      const out = process.env.FIRST_SCREEN_OUT;
      if (out) {
        const name = `${look.name ?? 'view'}-${scheme}-${view.replace(/\W+/g, '-')}`;
        await page.screenshot(path.join(out, `${name}.png`));
        appendFileSync(path.join(out, 'positions.jsonl'), `${JSON.stringify({ name, found: screen.found })}\n`);
      }
    }
  }
  // The words on the first screen (light), held to the view's budget; WORDS_OUT=file records them to compare builds.
  const wordsOut = process.env.WORDS_OUT;
  if (wordsOut || look.words !== undefined) {
    const tag = (look.name?.split('-').pop() ?? '').replace('_', '-');
    const words = await firstScreenWords(page, /^[a-z]{2}(-[A-Z]{2})?$/.test(tag) ? tag : 'en');
    if (wordsOut) appendFileSync(wordsOut, `${JSON.stringify({ name: look.name, view, ...words })}\n`);
    if (look.words !== undefined && words.besidesAnswer > look.words) {
      problems.push(`${view}: ${words.besidesAnswer} words besides the answer on the first screen, over ${look.words}`);
    }
  }
  return { problems, tops };
}
