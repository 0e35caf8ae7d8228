/**
 * The service's own "active" flag (contract, Call result files): a script, a macro document, HTML or
 * SVG, a program, or an archive holding one. Judged by name and by the first bytes; a zip is opened and
 * its entries judged; an archive that cannot be looked into counts as active.
 */
import { isZip, zipEntryNames } from '@/emulator/zip';

const SCRIPTS =
  'sh bash zsh ksh csh fish bat cmd ps1 psm1 vbs vbe js jse mjs cjs wsf wsh py pyw rb pl php lua command applescript scpt';
const MACRO_DOCUMENTS = 'docm dotm xlsm xltm xlam pptm potm ppam ppsm sldm';
const WEB = 'html htm xhtml xht shtml mht mhtml svg svgz hta';
const PROGRAMS =
  'exe msi msp dll com scr cpl pif app dmg pkg deb rpm apk jar bin run appimage elf so dylib wasm lnk reg';
const ACTIVE = new Set(`${SCRIPTS} ${MACRO_DOCUMENTS} ${WEB} ${PROGRAMS}`.split(' '));
const ARCHIVES = new Set('zip tar gz tgz bz2 tbz2 xz txz zst 7z rar cab cpio'.split(' '));

function extension(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? '';
  const trimmed = name.replace(/[.\s]+$/, '');
  const dot = trimmed.lastIndexOf('.');
  return dot <= 0 ? '' : trimmed.slice(dot + 1).toLowerCase();
}

function activeByName(path: string): boolean {
  return ACTIVE.has(extension(path));
}

function activeByContent(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 512).toString('latin1');
  if (head.startsWith('#!') || head.startsWith('MZ') || head.startsWith('\x7fELF')) return true;
  const text = head.trimStart().toLowerCase();
  return (
    text.startsWith('<!doctype html') || text.startsWith('<html') || text.startsWith('<svg') || text.startsWith('<?xml')
  );
}

export function isActiveFile(path: string, bytes: Buffer): boolean {
  if (activeByName(path) || activeByContent(bytes)) return true;
  if (isZip(bytes) || extension(path) === 'zip') {
    const names = isZip(bytes) ? zipEntryNames(bytes) : null;
    if (names === null) return true;
    return names.some((n) => activeByName(n) || ARCHIVES.has(extension(n)));
  }
  return ARCHIVES.has(extension(path));
}
