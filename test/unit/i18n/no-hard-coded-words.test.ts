/**
 * Words written straight into the interface's markup: a letter in JSX text, or in a label, title, placeholder
 * or alt written as a literal, is English a member in another language would read. Only an element marked as
 * not language (class "verbatim" or translate off: a page address, a code's format) may hold one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'aria-description',
  'aria-roledescription',
]);
const LETTER = /\p{L}/u;

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', 'components', 'entrypoints'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.tsx'));
}

function attributeText(attributes: ts.JsxAttributes, name: string): string | null {
  for (const a of attributes.properties) {
    if (ts.isJsxAttribute(a) && a.name.getText() === name && a.initializer && ts.isStringLiteral(a.initializer))
      return a.initializer.text;
  }
  return null;
}

function translateOff(attributes: ts.JsxAttributes): boolean {
  return attributes.properties.some(
    (a) =>
      ts.isJsxAttribute(a) &&
      a.name.getText() === 'translate' &&
      a.initializer !== undefined &&
      /^(?:"no"|\{false\})$/.test(a.initializer.getText()),
  );
}

function notLanguage(attributes: ts.JsxAttributes): boolean {
  return translateOff(attributes) || (attributeText(attributes, 'class') ?? '').split(/\s+/).includes('verbatim');
}

/** Hard-coded words in one file, as "file:line what". */
function hardCodedWords(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visit = (n: ts.Node) => {
    if (
      ts.isJsxText(n) &&
      LETTER.test(n.text) &&
      !(ts.isJsxElement(n.parent) && notLanguage(n.parent.openingElement.attributes))
    ) {
      found.push(`${at(n)} text ${JSON.stringify(n.text.trim())}`);
    }
    if (
      ts.isJsxExpression(n) &&
      n.expression &&
      ts.isJsxElement(n.parent) &&
      !notLanguage(n.parent.openingElement.attributes)
    ) {
      const e = n.expression;
      if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && LETTER.test(e.text))
        found.push(`${at(n)} text ${JSON.stringify(e.text)}`);
    }
    if (
      ts.isJsxAttribute(n) &&
      READ_ATTRIBUTES.has(n.name.getText(sf)) &&
      n.initializer &&
      ts.isStringLiteral(n.initializer)
    ) {
      if (LETTER.test(n.initializer.text) && !notLanguage(n.parent))
        found.push(`${at(n)} ${n.name.getText(sf)} ${JSON.stringify(n.initializer.text)}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('no words outside the locale files', () => {
  it('finds a hard-coded word where one is written, and passes an address marked as not language', () => {
    const sample = [
      'export const A = () => <p>Hello {name}</p>;',
      'export const B = () => <button aria-label="Close">{t("x")}</button>;',
      'export const C = () => <input translate={false} placeholder="https://" />;',
      'export const D = () => <code class="verbatim">about:addons</code>;',
      'export const E = () => <p>{"Stray"}</p>;',
    ].join('\n');
    expect(hardCodedWords('sample.tsx', sample)).toEqual([
      'sample.tsx:1 text "Hello"',
      'sample.tsx:2 aria-label "Close"',
      'sample.tsx:5 text "Stray"',
    ]);
  });

  it('components and entrypoints write every word through t()', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => hardCodedWords(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
