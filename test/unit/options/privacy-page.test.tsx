// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PrivacyPage } from '@/components/privacy/PrivacyPage';

afterEach(cleanup);

describe('the privacy page', () => {
  it('shows docs/PRIVACY.md itself: its title, every section, and what is sent where', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/PRIVACY.md'), 'utf8');
    render(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(doc.split('\n')[0]?.replace(/^#\s*/, ''));
    const sections = [...doc.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(sections);
    expect(document.body.textContent).toContain('It has no server of its own');
    expect(document.body.textContent).toContain('It is sent only when you ask');
  });
});
