import { cleanForDisplay } from './untrusted';
import { t } from '@/lib/i18n';

// A file flagged active must never be opened or run (contract). The service sets the flag; the
// extension name is a second guard in case a flag is missing or wrong. Archives are treated as
// active because the panel cannot see what they hold.
const ACTIVE_EXTENSIONS = new Set([
  // scripts
  'sh',
  'bash',
  'zsh',
  'ksh',
  'csh',
  'fish',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'psd1',
  // PowerShell's other script, console and formatting files, and its first name's (Monad shell) files: each
  // is run or loaded by the shell (Outlook blocks them all as attachments)
  'ps1xml',
  'ps2',
  'ps2xml',
  'psc1',
  'psc2',
  'msh',
  'msh1',
  'msh2',
  'mshxml',
  'msh1xml',
  'msh2xml',
  'vbs',
  'vbe',
  'js',
  'jse',
  'mjs',
  'cjs',
  'wsf',
  'wsh',
  'wsc',
  'sct',
  'py',
  'pyw',
  'pyc',
  'pyz',
  'pyzw',
  'rb',
  'pl',
  'php',
  'lua',
  'tcl',
  'applescript',
  'scpt',
  'command',
  // macro documents
  'docm',
  'dotm',
  'xlsm',
  'xltm',
  'xlam',
  'pptm',
  'potm',
  'ppam',
  'ppsm',
  'sldm',
  // Excel's binary workbook keeps macros like xlsm; an Excel add-in (xll) is a DLL Excel loads and runs
  'xlsb',
  'xll',
  // legacy Office formats: any of them can carry macros (there is no macro-free variant to tell apart)
  'doc',
  'dot',
  'xls',
  'xlt',
  'xla',
  'ppt',
  'pps',
  'pot',
  'ppa',
  // Access databases and projects run their macros and VBA on opening (AutoExec), compiled ones (accde,
  // mde) too
  'mdb',
  'mde',
  'accdb',
  'accde',
  'accdr',
  'accda',
  'ade',
  'adp',
  // other documents that run code when opened: OneNote, compiled help, console snap-ins, web queries,
  // SYLK spreadsheets, settings shortcuts
  'one',
  'chm',
  'msc',
  'iqy',
  'slk',
  'settingcontent-ms',
  // Explorer command files, library and search-connector descriptions: opening one runs an Explorer command
  // or points Explorer at a folder the file names, a remote share included
  'scf',
  'library-ms',
  'searchconnector-ms',
  // WinHelp files run macros
  'hlp',
  // HTML, SVG and other documents a browser runs
  'html',
  'htm',
  'xhtml',
  'xht',
  'shtml',
  'mht',
  'mhtml',
  'svg',
  'svgz',
  'hta',
  'xml',
  'xsl',
  // programs, installers and shortcuts
  'exe',
  'msi',
  'msp',
  'msix',
  'msixbundle',
  'appx',
  'appxbundle',
  'appinstaller',
  // ClickOnce: a deployment manifest and its Start-menu reference install and run the program they name
  'application',
  'appref-ms',
  'jnlp',
  'dll',
  'com',
  'scr',
  'cpl',
  'pif',
  'app',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'apk',
  'jar',
  'bin',
  'run',
  'appimage',
  'elf',
  'so',
  'dylib',
  'lnk',
  'url',
  'desktop',
  'reg',
  'inf',
  'iso',
  'img',
  'vhd',
  // a newer virtual disk, mounted on a double click like an iso, with whatever programs it holds
  'vhdx',
  'crx',
  'xpi',
  'wasm',
  // archives
  'zip',
  'tar',
  'gz',
  'tgz',
  'bz2',
  'tbz2',
  'xz',
  'txz',
  'zst',
  '7z',
  'rar',
  'cab',
  'ar',
  'cpio',
]);

// The last extension of a path, lower case, ignoring trailing dots and spaces that some systems drop.
export function fileExtension(path: string): string {
  const name = cleanForDisplay(path).split(/[\\/]/).pop() ?? '';
  const trimmed = name.replace(/[.\s]+$/, '');
  const dot = trimmed.lastIndexOf('.');
  if (dot <= 0 && !trimmed.startsWith('.')) return '';
  return trimmed.slice(dot + 1).toLowerCase();
}

export function hasActiveExtension(path: string): boolean {
  return ACTIVE_EXTENSIONS.has(fileExtension(path));
}

export interface FileLike {
  active: unknown;
  untrustedPath: { untrustedText: string } | null | undefined;
}

// Active unless the service said plainly it is not (active === false) and the name agrees.
export function isActiveFile(file: FileLike): boolean {
  if (file.active !== false) return true;
  const path = file.untrustedPath?.untrustedText;
  if (typeof path !== 'string') return true;
  return hasActiveExtension(path);
}

export function activeWarning(file: FileLike): string {
  if (file.active === true) {
    return t('resultFiles.activeWarning');
  }
  return t('resultFiles.activeByName');
}
