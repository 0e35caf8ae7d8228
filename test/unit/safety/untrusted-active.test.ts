import { describe, expect, it } from 'vitest';
import { activeWarning, fileExtension, hasActiveExtension, isActiveFile } from '@/lib/safety/active-files';
import { asUntrusted, cleanForDisplay, isBlank, isCut, untrustedString } from '@/lib/safety/untrusted';

describe('untrusted text helpers', () => {
  it('returns the text and the cut flag', () => {
    expect(untrustedString(asUntrusted('hello'))).toBe('hello');
    expect(untrustedString(null)).toBe('');
    expect(isCut({ untrustedText: 'x', truncated: true })).toBe(true);
    expect(isCut({ untrustedText: 'x', truncated: false })).toBe(false);
    expect(isCut(null)).toBe(false);
    expect(isBlank(asUntrusted('  \n'))).toBe(true);
  });
  it('removes direction overrides and control characters but keeps lines', () => {
    expect(cleanForDisplay('evil\u202Etxt.exe')).toBe('eviltxt.exe');
    expect(cleanForDisplay('a\u0000b\u0007c\nd\te')).toBe('abc\nd\te');
  });
  it('removes invisible characters that hide or join text: the Arabic letter mark, zero width space, word joiner, invisible operators, byte order mark', () => {
    for (const hidden of ['\u061C', '\u200B', '\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\uFEFF']) {
      const code = hidden.codePointAt(0)?.toString(16);
      expect(cleanForDisplay(`Pay${hidden}Pal`), code).toBe('PayPal');
      expect(fileExtension(`report.pdf.ex${hidden}e`), code).toBe('exe');
      expect(hasActiveExtension(`report.pdf.ex${hidden}e`), code).toBe(true);
    }
  });
  it('removes the zero width joiner and non-joiner next to ASCII, spaces and the edges, keeps them inside emoji and scripts that spell with them', () => {
    for (const joiner of ['\u200C', '\u200D']) {
      expect(cleanForDisplay(`Pay${joiner}Pal`)).toBe('PayPal');
      expect(hasActiveExtension(`run.ex${joiner}e`)).toBe(true);
      expect(hasActiveExtension(`run.${joiner}sh`)).toBe(true);
      expect(cleanForDisplay(`${joiner}name ${joiner}x${joiner}`)).toBe('name x');
      expect(cleanForDisplay(`\u0645\u06CC${joiner}${joiner}\u062E`)).toBe('\u0645\u06CC\u062E');
    }
    // A family emoji, a flag with a variation selector, a Persian word and a Hindi conjunct keep theirs.
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const rainbow = '\u{1F3F3}\uFE0F\u200D\u{1F308}';
    const persian = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645';
    const hindi = '\u0915\u094D\u200D\u0937';
    for (const text of [family, rainbow, persian, hindi]) expect(cleanForDisplay(`${text} ok`)).toBe(`${text} ok`);
  });
});

describe('active files', () => {
  it('reads the last extension, ignoring trailing dots and spaces', () => {
    expect(fileExtension('src/report.pdf.exe')).toBe('exe');
    expect(fileExtension('setup.EXE. ')).toBe('exe');
    expect(fileExtension('dir\\run.BAT')).toBe('bat');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('notes.md')).toBe('md');
    expect(fileExtension('a.pdf\u202Eexe.txt')).toBe('txt');
  });
  it('treats scripts, macro documents, HTML, SVG, programs and archives as active', () => {
    for (const path of [
      'x.sh',
      'x.ps1',
      'x.docm',
      'x.xlsm',
      'page.html',
      'img.svg',
      'app.exe',
      'pkg.tar.gz',
      'a.zip',
    ]) {
      expect(hasActiveExtension(path), path).toBe(true);
    }
    for (const path of ['notes.md', 'data.csv', 'photo.png', 'doc.pdf', 'plan.txt']) {
      expect(hasActiveExtension(path), path).toBe(false);
    }
  });
  it('counts legacy Office formats and other documents that run code as active, whatever the service says', () => {
    const legacy = ['doc', 'xls', 'ppt', 'dot', 'xlt', 'xla', 'pps'];
    const others = ['one', 'chm', 'msc', 'jnlp', 'appx', 'msix', 'appinstaller', 'iqy', 'slk', 'settingcontent-ms'];
    for (const ext of [...legacy, ...others]) {
      expect(isActiveFile({ active: false, untrustedPath: asUntrusted(`report.${ext}`) }), ext).toBe(true);
      expect(hasActiveExtension(`dir/Report.${ext.toUpperCase()}`), ext).toBe(true);
    }
    // Their macro-free successors stay plain.
    for (const path of ['a.docx', 'a.xlsx', 'a.pptx']) expect(hasActiveExtension(path), path).toBe(false);
  });
  it('counts add-ins, binary workbooks, ClickOnce, virtual disks, PowerShell and Monad files, Explorer commands and Access databases as active', () => {
    const kinds = [
      ['xll', 'xlsb'],
      ['application', 'appref-ms', 'vhdx'],
      ['ps1xml', 'ps2', 'ps2xml', 'psc1', 'psc2', 'msh', 'msh1', 'msh2', 'mshxml', 'msh1xml', 'msh2xml'],
      ['scf', 'library-ms', 'searchconnector-ms', 'hlp', 'wsc', 'sct', 'pyc', 'pyz'],
      ['mdb', 'mde', 'accdb', 'accde', 'accdr', 'accda', 'ade', 'adp'],
    ].flat();
    for (const ext of kinds) {
      expect(isActiveFile({ active: false, untrustedPath: asUntrusted(`tools/Report.${ext}`) }), ext).toBe(true);
      expect(hasActiveExtension(`REPORT.${ext.toUpperCase()}. `), ext).toBe(true);
    }
    // Plain data beside them stays plain.
    for (const path of ['a.xlsx', 'a.json', 'a.ps', 'a.log']) expect(hasActiveExtension(path), path).toBe(false);
  });

  it('keeps the service flag and adds the name as a second guard', () => {
    expect(isActiveFile({ active: true, untrustedPath: asUntrusted('notes.md') })).toBe(true);
    expect(isActiveFile({ active: false, untrustedPath: asUntrusted('notes.md') })).toBe(false);
    expect(isActiveFile({ active: false, untrustedPath: asUntrusted('run.sh') })).toBe(true);
    expect(isActiveFile({ active: 'no', untrustedPath: asUntrusted('notes.md') })).toBe(true);
    expect(isActiveFile({ active: false, untrustedPath: null })).toBe(true);
  });
  it('explains why a file is treated as active', () => {
    expect(activeWarning({ active: true, untrustedPath: asUntrusted('a.md') })).toMatch(/^This file can run code/);
    expect(activeWarning({ active: false, untrustedPath: asUntrusted('a.sh') })).toMatch(
      /Its name says it can run code/,
    );
  });
});
