// Lints the Firefox build with web-ext and fails on any error or warning, except the one warning that
// preact's own dangerouslySetInnerHTML code path raises (UNSAFE_VAR_ASSIGNMENT on innerHTML in the chunk
// that holds preact). Our code never assigns innerHTML; biome's noDangerouslySetInnerHtml guards the source.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Message {
  code: string;
  message: string;
  file?: string;
}
interface LintReport {
  errors: Message[];
  warnings: Message[];
  notices: Message[];
}

const sourceDir = path.resolve(import.meta.dirname, '../.output/firefox-mv3');
const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/web-ext');
let out: string;
try {
  out = execFileSync(bin, ['lint', '--source-dir', sourceDir, '--output', 'json'], { encoding: 'utf8' });
} catch (e) {
  // web-ext exits non-zero on errors but still prints its JSON report.
  out = (e as { stdout?: string }).stdout ?? '';
}
const report = JSON.parse(out) as LintReport;
// Preact sits in the panel's chunk, or in a chunk the panel shares with the options page: the warning is
// preact's when it is in a chunk holding preact's dangerouslySetInnerHTML path (our source never uses it).
const holdsPreact = (file: string) =>
  /^chunks\/[\w-]+\.js$/.test(file) &&
  readFileSync(path.join(sourceDir, file), 'utf8').includes('dangerouslySetInnerHTML');
const isPreactOwn = (w: Message) =>
  w.code === 'UNSAFE_VAR_ASSIGNMENT' && /innerHTML/.test(w.message) && holdsPreact(w.file ?? '');
const blocking = [...report.errors, ...report.warnings.filter((w) => !isPreactOwn(w))];
const tolerated = report.warnings.length - (blocking.length - report.errors.length);
for (const m of blocking) console.error(`${m.code} ${m.file ?? ''}: ${m.message}`);
console.log(
  `web-ext lint (firefox-mv3): ${report.errors.length} errors, ${report.warnings.length} warnings (${tolerated} from preact's own code), ${report.notices.length} notices`,
);
process.exit(blocking.length === 0 ? 0 : 1);
