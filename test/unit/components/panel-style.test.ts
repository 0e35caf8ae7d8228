/**
 * What the stylesheet draws that happy-dom does not lay out: a button that cannot be pressed yet stays readable,
 * and the current tab's underline lies on the tab bar's rule.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The stylesheet as written, comments out.
const CSS = readFileSync('components/style.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the first rule whose selector list is exactly `selector`, after the rule at `from`. */
function declarations(selector: string, from = 0): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s*');
  const body = new RegExp(`(?:^|[}\\s])${escaped}\\s*\\{([^}]*)\\}`).exec(CSS.slice(from))?.[1] ?? '';
  return Object.fromEntries(
    body
      .split(';')
      .map((d) => d.split(/:(.*)/s).map((x) => x.trim()))
      .filter(([k, v]) => k && v)
      .map(([k, v]) => [k, v]),
  );
}

/** The colour tokens in light (the first :root) and in dark (the :root inside prefers-color-scheme: dark). */
function tokens(scheme: 'light' | 'dark'): Record<string, string> {
  return declarations(':root', scheme === 'light' ? 0 : CSS.indexOf('prefers-color-scheme: dark'));
}

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A colour as the tokens of `scheme` resolve it: "var(--muted)" → "#5d6470". */
function colour(value: string | undefined, scheme: 'light' | 'dark'): string {
  const token = /^var\((--[\w-]+)\)$/.exec(value ?? '')?.[1];
  return token ? (tokens(scheme)[token] ?? '') : (value ?? '');
}

describe('a button that cannot be pressed yet', () => {
  it('is greyed, not faded: its words read at 4.5:1 or more on its fill, in light and dark', () => {
    const disabled = declarations('button:disabled, button[aria-disabled="true"]');
    // Faded by opacity, the filled button's words fell to about 2.4:1 in light and 3:1 in dark.
    expect(disabled.opacity).toBeUndefined();
    expect(disabled.cursor).toBe('not-allowed');
    for (const scheme of ['light', 'dark'] as const) {
      const fg = colour(disabled.color, scheme);
      const bg = colour(disabled.background, scheme);
      expect(contrast(fg, bg), scheme).toBeGreaterThanOrEqual(4.5);
      // Greyed: not the filled look of a button that can be pressed.
      expect(bg, scheme).not.toBe(tokens(scheme)['--primary']);
      expect(contrast(fg, tokens(scheme)['--bg']!), `${scheme} on the page`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the tab bar', () => {
  it('draws the current tab’s underline on the bar’s rule, square at its ends', () => {
    const bar = declarations('.tabs');
    const tab = declarations('.tabs button');
    // No gap between the tabs and the rule under them, and each tab reaches over the rule by its width.
    expect(bar['padding-bottom']).toBeUndefined();
    expect(bar['border-bottom']).toMatch(/^1px solid/);
    expect(tab.margin).toBe('0 0 -1px');
    expect(tab['border-bottom']).toMatch(/^3px solid/);
    // Rounded on top only: rounded bottom corners bent the underline's ends up, away from the rule.
    expect(tab['border-radius']).toMatch(/ 0 0$/);
    expect(declarations('.tabs button[aria-current="page"]')['border-bottom-color']).toBe('var(--primary)');
  });
});
