// The name a result file is saved under. The path comes from the agent (untrusted), so only its last
// part is kept, stripped of anything a file system or a reader could be fooled by. An active file also
// gets ".txt" added, so a double click on it opens a text editor instead of running it.
import { fileExtension, hasActiveExtension } from '@/lib/safety/active-files';
import { cleanForDisplay } from '@/lib/safety/untrusted';

const MAX_NAME_CHARS = 120;
const NEUTRAL_SUFFIX = '.txt';
// Device names Windows will not create files under, whatever follows the dot.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

function lastPart(path: string): string {
  return cleanForDisplay(path).split(/[\\/]/).pop() ?? '';
}

/** A plain, harmless file name from an untrusted path; never empty, never hidden, never a path. */
export function safeBaseName(path: string): string {
  let name = lastPart(path)
    .normalize('NFC')
    // cleanForDisplay already took out control characters; tab and line feed fold into spaces below.
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.\s]+$/, '')
    // A leading dot hides a file and can make it a shell's start-up file.
    .replace(/^[.\s]+/, '');
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  if (name === '') name = 'file';
  return shorten(name);
}

function shorten(name: string): string {
  const letters = [...name];
  if (letters.length <= MAX_NAME_CHARS) return name;
  const ext = fileExtension(name);
  const tail = ext ? `.${ext}` : '';
  const keep = MAX_NAME_CHARS - [...tail].length;
  return letters.slice(0, Math.max(1, keep)).join('') + tail;
}

/**
 * The name to save under. Active (by the service's flag or by its name after cleaning) ends in ".txt";
 * a plain one keeps its own name.
 */
export function saveName(path: string, active: boolean): string {
  const base = safeBaseName(path);
  // shorten keeps the last extension, so the suffix survives a long name.
  if (active || hasActiveExtension(base)) return shorten(`${base}${NEUTRAL_SUFFIX}`);
  return base;
}
