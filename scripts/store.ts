/**
 * `npm start -- --store` (or `npm run store`): the stores' screenshots, 1280×800 drawn at device scale 2 (so
 * 2560×1600 pixels, crisp), of the side panel at a real panel's width beside the page the member reads, for the
 * member's key moments: agents found from a selection, a preview, a result, a session's question, and findings
 * waiting for sign-off. In light and dark, in English and German by default
 * (docs/store/<language>/<moment>-<scheme>.png). The member's own steps against the emulator, in the language
 * of the pictures; the listing text beside them is in locales/store/<locale>.yml. Options: --out DIR,
 * --extension DIR (a built e2e extension), --languages en,de, --schemes light,dark.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import type { Words } from '@/testing/words';
import { inEachLanguageAndScheme, parseLanguages, parseSchemes, type Scheme } from './pictures';
import { EXTENSION_DIR, launchExtension, playwrightPage } from '@/testing/browser/chromium';
import { STEP_WAIT_MS } from '@/testing/browser/driver';
import { startTestEmulator } from '@/testing/emulator';
import {
  connectAndRead,
  escapeHtml,
  findFromArticleSelection,
  findTyped,
  openSection,
  POSTGRES,
  planSession,
  previewApply,
  previewQuestion,
  readPrivacyLine,
  startAndWaitForResult,
  waitForFound,
} from '@/testing/steps';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The stores' screenshot size in CSS px (Chrome Web Store: 1280×800; AMO takes it too), drawn at DEVICE_SCALE. */
const SIZE = { width: 1280, height: 800 };
/** Device pixels per CSS pixel: the panel's small words stay sharp when the listing shows the picture large. */
const DEVICE_SCALE = 2;
/** The side panel's width in the picture, a real side panel's (360–400 px); the page takes the rest. */
const PANEL_WIDTH = 400;
/** The caption's band above the page. */
const CAPTION_HEIGHT = 96;

export interface StoreOptions {
  out: string;
  extensionDir: string;
  languages: string[];
  schemes: Scheme[];
}

/** What the member reads and asks about, in their language: the page beside the panel, and what they type. */
interface Script {
  title: string;
  /** The page's paragraphs; p1 is the one the member selects. */
  paragraphs: string[];
  /** A second part of the page, under its own heading, so the page fills the frame as a real page would. */
  more: { heading: string; paragraphs: string[] };
  question: string;
  plan: string;
  /** One line over each picture, by moment. */
  captions: Record<Moment, string>;
}

type Moment = 'find-selection' | 'preview' | 'result' | 'session-question' | 'finding-sign-off';

const SCRIPTS: Record<string, Script> = {
  en: {
    title: 'Incident review: the evening slowdown',
    paragraphs: [
      'Since Monday the dashboard has timed out every evening between six and eight.',
      'Our slow postgres queries got worse after we added replication, and the reports page now waits on the replica.',
      'Next: check the indexes and the query plans before touching any setting.',
    ],
    more: {
      heading: 'What we know so far',
      paragraphs: [
        'The slowdown starts when the nightly report job begins and ends about two hours later.',
        'CPU on the primary stays under half; the replica’s disk reads climb to five times their daytime level.',
        'The reports page runs one query per customer, each filtering orders by a name prefix.',
        'Owner: the platform team. Next review: Thursday, after the index change is tried on staging.',
      ],
    },
    question: 'Which index helps a LIKE prefix search in postgres?',
    plan: 'Our postgres database gets slow every evening after replication.',
    captions: {
      'find-selection': 'Select text on any page and find agents that can help',
      preview: 'See the most a call can take from your credits, before it starts',
      result: 'Read the answer beside the page you are on',
      'session-question': 'Answer a few questions, then get a plan',
      'finding-sign-off': 'Review what the agent found, then sign off on your site',
    },
  },
  de: {
    title: 'Störungsbericht: die abendliche Verlangsamung',
    paragraphs: [
      'Seit Montag läuft das Dashboard jeden Abend zwischen sechs und acht in eine Zeitüberschreitung.',
      'Unsere langsamen Postgres-Abfragen sind schlimmer geworden, seit wir die Replikation eingerichtet haben.',
      'Als Nächstes: Indizes und Abfragepläne prüfen, bevor wir eine Einstellung ändern.',
    ],
    more: {
      heading: 'Was wir bisher wissen',
      paragraphs: [
        'Die Verlangsamung beginnt mit dem nächtlichen Berichtsjob und endet etwa zwei Stunden später.',
        'Die CPU des Primärservers bleibt unter der Hälfte; die Lesezugriffe der Replika steigen auf das Fünffache.',
        'Die Berichtsseite stellt eine Abfrage pro Kunde, jede filtert Bestellungen nach einem Namenspräfix.',
        'Zuständig: das Plattform-Team. Nächste Besprechung: Donnerstag, nach dem Test des Index auf Staging.',
      ],
    },
    question: 'Welcher Postgres-Index hilft bei einer LIKE-Präfixsuche?',
    plan: 'Unsere Postgres-Datenbank wird nach der Replikation jeden Abend langsam.',
    captions: {
      'find-selection': 'Text auf einer Seite markieren und passende Agenten finden',
      preview: 'Vor dem Start sehen, wie viel ein Aufruf höchstens reserviert',
      result: 'Die Antwort neben der Seite lesen, auf der Sie sind',
      'session-question': 'Ein paar Fragen beantworten, dann den Plan erhalten',
      'finding-sign-off': 'Prüfen, was der Agent gefunden hat, und auf Ihrer Website freigeben',
    },
  },
};

function articleHtml(script: Script, language: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(script.title)}</title>
<meta name="color-scheme" content="light dark"><style>
body { font: 18px/1.6 system-ui, sans-serif; margin: 0; background: Canvas; color: CanvasText; }
header { padding: 18px 48px; border-bottom: 1px solid color-mix(in srgb, CanvasText 15%, transparent); font-weight: 600; }
main { max-width: 720px; padding: 24px 48px; }
h1 { font-size: 30px; line-height: 1.25; }
h2 { font-size: 22px; margin-top: 32px; }
</style></head><body><header>Team wiki</header><main><h1>${escapeHtml(script.title)}</h1>
${script.paragraphs.map((p, i) => `<p id="p${i}">${escapeHtml(p)}</p>`).join('\n')}
<h2>${escapeHtml(script.more.heading)}</h2>
${script.more.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}</main></body></html>`;
}

/** A caption over the page, and the page and the panel side by side, as the browser shows them with the panel open. */
async function compose(
  context: BrowserContext,
  page: Page,
  panel: Page,
  file: string,
  scheme: Scheme,
  caption: string,
): Promise<void> {
  for (const p of [page, panel]) await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  const left = (await page.screenshot({ animations: 'disabled', caret: 'hide' })).toString('base64');
  const right = (await panel.screenshot({ animations: 'disabled', caret: 'hide' })).toString('base64');
  const frame = await context.newPage();
  await frame.setViewportSize(SIZE);
  const line = scheme === 'dark' ? '#3c4043' : '#dadce0';
  const [bg, fg] = scheme === 'dark' ? ['#1f2430', '#e8eaee'] : ['#eef3fd', '#14213d'];
  const pageWidth = SIZE.width - PANEL_WIDTH;
  await frame.setContent(
    `<body style="margin:0;display:flex;width:${SIZE.width}px;height:${SIZE.height}px;overflow:hidden">` +
      `<div style="width:${pageWidth}px;display:flex;flex-direction:column">` +
      `<div style="box-sizing:border-box;height:${CAPTION_HEIGHT}px;padding:0 40px;display:flex;align-items:center;` +
      `background:${bg};color:${fg};font:600 24px/1.25 system-ui,sans-serif">${escapeHtml(caption)}</div>` +
      `<img alt="" src="data:image/png;base64,${left}" style="width:${pageWidth}px;height:${SIZE.height - CAPTION_HEIGHT}px"></div>` +
      `<img alt="" src="data:image/png;base64,${right}" style="width:${PANEL_WIDTH}px;height:${SIZE.height}px;box-shadow:-1px 0 0 ${line}">` +
      '</body>',
  );
  await frame.screenshot({ path: file, animations: 'disabled' });
  await frame.close();
}

async function walk(scheme: Scheme, w: Words, options: StoreOptions): Promise<string[]> {
  const script = SCRIPTS[w.language] ?? (SCRIPTS.en as Script);
  const emu = await startTestEmulator();
  const ext = await launchExtension({
    extensionDir: options.extensionDir,
    colorScheme: scheme,
    viewport: { width: PANEL_WIDTH, height: SIZE.height },
    deviceScaleFactor: DEVICE_SCALE,
    language: w.language,
  });
  const out = path.join(options.out, w.language);
  await mkdir(out, { recursive: true });
  const saved: string[] = [];
  try {
    const url = 'https://wiki.example/incidents/evening-slowdown';
    await ext.context.route(url, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: articleHtml(script, w.language) }),
    );
    const article = await ext.context.newPage();
    await article.setViewportSize({ width: SIZE.width - PANEL_WIDTH, height: SIZE.height - CAPTION_HEIGHT });
    await article.goto(url);
    const panel = await ext.openPanel();
    const m = playwrightPage(panel);
    const shot = async (moment: Moment) => {
      const file = path.join(out, `${moment}-${scheme}.png`);
      await panel.evaluate(
        () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      await compose(ext.context, article, panel, file, scheme, script.captions[moment]);
      saved.push(path.relative(ROOT, file));
    };

    const made = await emu.control.connectCode({
      name: 'Laptop',
      keepsFindings: true,
      limits: { sessionsPerDay: 20, callsPerDay: 50 },
    });
    await connectAndRead(m, w, emu.url, made.code);

    await article.bringToFront();
    const selected = await findFromArticleSelection(playwrightPage(article), m, 'p1');
    await panel.bringToFront();
    await waitForFound(m, w, selected.trim(), POSTGRES);
    await shot('find-selection');
    // The member reads on: the selection goes, and later pictures show the page further down.
    await article.evaluate(() => window.getSelection()?.removeAllRanges());

    await previewQuestion(m, w, POSTGRES, script.question);
    await shot('preview');
    await startAndWaitForResult(m, w);
    await readPrivacyLine(m, w);
    await panel.evaluate(() => window.scrollTo(0, 0));
    await shot('result');

    await openSection(m, w, 'app.tab.find');
    await findTyped(m, w, script.plan, POSTGRES);
    await previewApply(m, w, POSTGRES, script.plan);
    await planSession(m, w);
    // From the top: the session's name and its next step, then the first questions.
    await panel.evaluate(() => window.scrollTo(0, 0));
    await article.evaluate(() => document.querySelector('h2')?.scrollIntoView({ block: 'start' }));
    await shot('session-question');

    // The first call kept a finding; the site checks it (seconds) before it joins the draft: the member checks again.
    await openSection(m, w, 'app.tab.findings');
    const waiting = panel.getByRole('heading', { name: w('findings.waitingHeading') });
    const deadline = Date.now() + STEP_WAIT_MS;
    while (!(await waiting.isVisible())) {
      if (Date.now() > deadline) {
        // What the panel showed instead, for whoever reads the failure.
        await panel.screenshot({ path: path.join(out, `failed-${scheme}.png`), fullPage: true });
        throw new Error(`No findings waiting for sign-off within ${STEP_WAIT_MS} ms (see failed-${scheme}.png).`);
      }
      await panel.getByRole('button', { name: w('status.readAgain') }).click();
      await panel.waitForTimeout(1000);
    }
    await shot('finding-sign-off');
    return saved;
  } finally {
    await ext.close().catch(() => undefined);
    await emu.close().catch(() => undefined);
  }
}

export function takeStoreScreenshots(options: StoreOptions): Promise<string[]> {
  return inEachLanguageAndScheme(options.languages, options.schemes, (scheme, w) => walk(scheme, w, options));
}

function optionsFromArgs(): StoreOptions {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: path.join(ROOT, 'docs/store') },
      extension: { type: 'string', default: EXTENSION_DIR },
      languages: { type: 'string', default: 'en,de' },
      schemes: { type: 'string', default: 'light,dark' },
      // The demo passes its own flag through.
      store: { type: 'boolean', default: false },
    },
  });
  return {
    out: path.resolve(values.out),
    extensionDir: path.resolve(values.extension),
    languages: parseLanguages(values.languages),
    schemes: parseSchemes(values.schemes),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Inside the promise, so a bad option is said in one line like any other failure.
  Promise.resolve()
    .then(() => takeStoreScreenshots(optionsFromArgs()))
    .then(
      (saved) => {
        for (const file of saved) console.log(file);
        console.log(`${saved.length} store screenshots, ${SIZE.width}×${SIZE.height}.`);
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      },
    );
}
