/** Either browser by its name, with the e2e build loaded, for the rig and the scripts that take --browser. */
import path from 'node:path';
import { launchChromium } from './chromium';
import type { ColorScheme, ExtensionBrowser } from './driver';
import { launchFirefox } from './firefox';

export const BROWSER_NAMES = ['chromium', 'firefox'] as const;
export type BrowserName = (typeof BROWSER_NAMES)[number];

export interface BrowserOptions {
  /** The browser's interface language (a locale the extension ships); default English. */
  language?: string;
  /** The system's colour scheme; default light. */
  colorScheme?: ColorScheme;
  /** Firefox: its event page suspends after this long idle (Chromium's worker is stopped with stopBackground). */
  idleSuspendMs?: number;
  /** The extension can be updated (ExtensionBrowser.updateExtension): Chromium loads a copy of the build. */
  updatable?: boolean;
}

export function launchBrowser(name: BrowserName, options: BrowserOptions = {}): Promise<ExtensionBrowser> {
  return name === 'chromium'
    ? launchChromium({ language: options.language, colorScheme: options.colorScheme, updatable: options.updatable })
    : launchFirefox({
        language: options.language,
        colorScheme: options.colorScheme,
        idleSuspendMs: options.idleSuspendMs,
      });
}

/** The e2e build N+1 of each browser (`npm run build:e2e:next`), for ExtensionBrowser.updateExtension. */
export function nextBuildDir(name: BrowserName): string {
  return path.resolve(
    import.meta.dirname,
    '../../.output',
    name === 'chromium' ? 'chrome-mv3-e2e-next' : 'firefox-mv3-e2e-next',
  );
}

/** A --browser option's value, checked. */
export function browserName(value: string | undefined): BrowserName {
  if (value === undefined) return 'chromium';
  if ((BROWSER_NAMES as readonly string[]).includes(value)) return value as BrowserName;
  throw new Error(`--browser takes ${BROWSER_NAMES.join(' or ')}, not ${value}`);
}
