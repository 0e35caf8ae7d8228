// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FindingItem } from '@/components/findings/FindingItem';
import { FindingsList } from '@/components/findings/FindingsList';
import { FindingsUnavailable } from '@/components/findings/FindingsUnavailable';
import type { Finding } from '@/lib/contract/findings';
import { DAY_MS } from '@/lib/time';
import { finding, ut } from './fixtures';

afterEach(cleanup);

const SITE = 'http://127.0.0.1:8787';
const created = Date.parse('2026-11-01T00:00:00Z');

function list(findings: Finding[], nowMs = created + 10 * DAY_MS) {
  const onOpenSource = vi.fn<(url: string) => void>();
  const onOpenSignOff = vi.fn<(url: string) => void>();
  const view = render(
    <FindingsList
      findings={findings}
      siteOrigin={SITE}
      nowMs={nowMs}
      onOpenSource={onOpenSource}
      onOpenSignOff={onOpenSignOff}
    />,
  );
  return { ...view, onOpenSource, onOpenSignOff };
}

function expectNoLiveElements(container: Element) {
  expect(container.querySelectorAll('script, img, a, iframe, svg')).toHaveLength(0);
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames())
      expect(attr.startsWith('on') || attr === 'href', `${el.tagName} ${attr}`).toBe(false);
  }
}

describe('FindingsList', () => {
  it('shows one sign-off button per draft with the days left, then the other findings', () => {
    const { onOpenSignOff } = list([
      finding('f1'),
      finding('f2', { createdAt: '2026-11-03T00:00:00Z' }),
      finding('f3', { status: 'joined', draftId: null, signOffUrl: null, filedWith: null, contributionState: 'trial' }),
    ]);
    const buttons = screen.getAllByRole('button', { name: 'Sign off on the site' });
    expect(buttons).toHaveLength(1);
    const draft = screen.getByRole('region', { name: /2 findings for Shop Builder/ });
    // What signing off does, then how long the draft waits for it (contract: joined, or expired after 30 days).
    expect(draft.textContent).toContain(
      'Once you sign off, it joins the agent as your contribution. About 20 days left to sign off.',
    );
    expect(within(draft).getAllByRole('article')).toHaveLength(2);
    fireEvent.click(buttons[0]!);
    expect(onOpenSignOff).toHaveBeenCalledWith('http://127.0.0.1:8787/findings/drafts/d1');
    const others = screen.getByRole('region', { name: 'Other findings' });
    expect(others.textContent).toMatch(/Joined the agent as a contribution/);
    expect(others.textContent).toMatch(/On trial/);
  });

  it('never offers a sign-off page off the site; one on the site is offered whatever its path', () => {
    list([
      finding('f1', { signOffUrl: 'https://evil.example/findings/drafts/d1' }),
      finding('f2', { draftId: 'd2', signOffUrl: 'http://127.0.0.1:8788/findings/drafts/d2' }),
      finding('f3', { draftId: 'd3', signOffUrl: 'javascript:alert(1)' }),
    ]);
    expect(screen.queryAllByRole('button', { name: 'Sign off on the site' })).toHaveLength(0);
    expect(screen.getAllByText(/gave no sign-off page/)).toHaveLength(3);
  });

  it('offers a sign-off page the site keeps under a path of its own', () => {
    list([finding('f4', { draftId: 'd4', signOffUrl: 'http://127.0.0.1:8787/account/review/d4/sign' })]);
    expect(screen.getAllByRole('button', { name: 'Sign off on the site' })).toHaveLength(1);
  });

  it('says when there are no findings', () => {
    list([]);
    expect(screen.getByText(/No findings yet/)).toBeTruthy();
  });
});

describe('FindingItem', () => {
  const actions = { onOpenSource: vi.fn(), onOpenSignOff: vi.fn() };

  it('shows kind, topic, takeaway, status, learnedAt, applies to, source, filed with, reason', () => {
    render(
      <FindingItem
        finding={finding('f1', {
          status: 'waiting',
          reason: 'No room in the agent’s day',
          learnedAt: '2026-10-30',
          untrustedAppliesTo: ['node 20', 'vite 7'],
          filedWith: { agentId: 'ag2', untrustedName: null, newAgent: true },
        })}
        siteOrigin={SITE}
        nowMs={created}
        {...actions}
      />,
    );
    const item = screen.getByRole('article', { name: 'Pitfall Topic f1' });
    const text = item.textContent ?? '';
    expect(text).toContain('Takeaway f1');
    expect(text).toMatch(/Waiting: kept for later/);
    expect(text).toMatch(/No room in the agent’s day/);
    expect(text).toMatch(/Oct 30, 2026/);
    expect(
      within(item)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['node 20', 'vite 7']);
    // The address as a member reads one: the host first and marked, "https://" left out, the path quiet.
    expect(text).toMatch(/Official documentation: docs\.example\.org\/page/);
    expect(item.querySelector('.url-host')?.textContent).toBe('docs.example.org');
    expect(item.querySelector('.url-rest')?.textContent).toBe('/page');
    expect(text).toMatch(/a new agent from research, not listed yet/);
    expect(screen.queryByRole('button', { name: 'Sign off on the site' })).toBeNull();
  });

  it('says a plain http address with its "http://", and lets a long path break only after a "/"', () => {
    render(
      <FindingItem
        finding={finding('f1', {
          source: { untrustedUrl: 'http://docs.example.org/a/very/long/page.html?x=1', kind: 'official_docs' },
        })}
        siteOrigin={SITE}
        nowMs={created}
        {...actions}
      />,
    );
    const address = screen.getByRole('article').querySelector('.url');
    // Left to right as one run, whatever the panel's direction (host after path in Arabic otherwise).
    expect(address?.getAttribute('dir')).toBe('ltr');
    expect(address?.querySelector('.url-host')?.textContent).toBe('http://docs.example.org');
    expect(address?.querySelector('.url-rest')?.innerHTML).toBe('/<wbr>a/<wbr>very/<wbr>long/<wbr>page.html?x=1');
    // What opens is still the whole address, named in full on its button.
    expect(
      screen.getByRole('button', { name: 'Open the source: http://docs.example.org/a/very/long/page.html?x=1' }),
    ).toBeTruthy();
  });

  it('opens the source only on the member’s click, and only for http and https', () => {
    const onOpenSource = vi.fn();
    const { unmount } = render(
      <FindingItem
        finding={finding('f1')}
        siteOrigin={SITE}
        nowMs={created}
        onOpenSource={onOpenSource}
        onOpenSignOff={vi.fn()}
      />,
    );
    expect(onOpenSource).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open the source: https://docs.example.org/page' }));
    expect(onOpenSource).toHaveBeenCalledWith('https://docs.example.org/page');
    unmount();
    render(
      <FindingItem
        finding={finding('f1', { source: { untrustedUrl: 'javascript:alert(1)', kind: 'changelog' } })}
        siteOrigin={SITE}
        nowMs={created}
        {...actions}
      />,
    );
    expect(screen.queryByRole('button', { name: /Open the source/ })).toBeNull();
    expect(screen.getByRole('article').textContent).toMatch(
      /Changelog: javascript:alert\(1\) \(not a web address: not opened\)/,
    );
  });

  it('shows a standalone in_draft finding with its own sign-off button and days left', () => {
    const onOpenSignOff = vi.fn();
    render(
      <FindingItem
        finding={finding('f1')}
        siteOrigin={SITE}
        nowMs={created + 29.5 * DAY_MS}
        onOpenSource={vi.fn()}
        onOpenSignOff={onOpenSignOff}
      />,
    );
    expect(screen.getByRole('article').textContent).toMatch(/Less than a day left/);
    fireEvent.click(screen.getByRole('button', { name: 'Sign off on the site' }));
    expect(onOpenSignOff).toHaveBeenCalledWith('http://127.0.0.1:8787/findings/drafts/d1');
  });

  it('shows hostile strings in every field as text, with no live link', () => {
    const h = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">[x](javascript:alert(1))';
    const { container } = render(
      <FindingItem
        finding={finding('f1', {
          untrustedTopic: ut(h),
          untrustedTakeaway: ut(`${'y'.repeat(2000)}${h}`, true),
          untrustedAgentName: ut(h),
          untrustedAppliesTo: [h],
          reason: h,
          source: { untrustedUrl: h, kind: 'release_note' },
          filedWith: { agentId: 'ag2', untrustedName: ut(h), newAgent: false },
        })}
        siteOrigin={SITE}
        nowMs={created}
        {...actions}
      />,
    );
    // Topic, applies-to, reason and source whole; names cut at 80 characters with the whole name in
    // their tooltip; the takeaway starts collapsed (2,000 characters before it), its cut mark kept.
    const whole = () => (container.textContent?.split(h).length ?? 1) - 1;
    expect(whole()).toBeGreaterThanOrEqual(4);
    expect(
      Array.from(container.querySelectorAll('[title]')).filter((el) => el.getAttribute('title') === h).length,
    ).toBeGreaterThanOrEqual(1);
    expect(container.textContent).toContain('… (shortened)');
    const before = whole();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(whole()).toBe(before + 1);
    expect(screen.queryByRole('button', { name: /Open the source/ })).toBeNull();
    expectNoLiveElements(container);
  });
});

describe('the finding’s layout (issue 40)', () => {
  const actions = { onOpenSource: vi.fn(), onOpenSignOff: vi.fn() };

  it('sets the facts as a grid of label and value, one column in a very narrow panel', () => {
    const css = readFileSync('components/style.css', 'utf8');
    const rule = /\.finding-facts\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/display:\s*grid/);
    expect(rule).toMatch(/grid-template-columns:\s*max-content minmax\(0, 1fr\)/);
    expect(css).toMatch(
      /@media \(max-width: 359px\)\s*\{\s*\.finding-facts\s*\{\s*grid-template-columns:\s*minmax\(0, 1fr\)/,
    );
    render(<FindingItem finding={finding('f1')} siteOrigin={SITE} nowMs={created} {...actions} />);
    const facts = screen.getByRole('article').querySelector('dl.finding-facts');
    // Label, value, label, value: each pair fills one row of the grid.
    const tags = Array.from(facts?.children ?? []).map((el) => el.tagName);
    expect(tags.length % 2).toBe(0);
    expect(tags.every((tag, i) => tag === (i % 2 === 0 ? 'DT' : 'DD'))).toBe(true);
  });

  it('puts a draft’s sign-off after the findings it signs off', () => {
    list([finding('f1'), finding('f2', { createdAt: '2026-11-03T00:00:00Z' })]);
    const draft = screen.getByRole('region', { name: /2 findings for Shop Builder/ });
    const button = within(draft).getByRole('button', { name: 'Sign off on the site' });
    const articles = within(draft).getAllByRole('article');
    for (const article of articles) {
      expect(article.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('names the agent once when the finding is filed with the agent it came from', () => {
    render(
      <FindingItem
        finding={finding('f1', { status: 'checking', draftId: null, signOffUrl: null })}
        siteOrigin={SITE}
        nowMs={created}
        {...actions}
      />,
    );
    const item = screen.getByRole('article');
    expect(item.textContent?.split('Shop Builder')).toHaveLength(2);
    expect(within(item).getByText('From and filed with')).toBeTruthy();
    expect(within(item).queryByText('Filed with')).toBeNull();
  });

  it('names both when it is filed with another agent; inside its draft the draft’s heading names it', () => {
    const other = finding('f1', {
      status: 'checking',
      draftId: null,
      signOffUrl: null,
      filedWith: { agentId: 'ag2', untrustedName: ut('Data Keeper'), newAgent: false },
    });
    const { unmount } = render(<FindingItem finding={other} siteOrigin={SITE} nowMs={created} {...actions} />);
    const item = screen.getByRole('article');
    expect(within(item).getByText('From')).toBeTruthy();
    expect(within(item).getByText('Filed with')).toBeTruthy();
    expect(item.textContent).toContain('Data Keeper');
    unmount();
    // Inside its draft the draft's line names the agent it is filed with: the finding says the agent it came
    // from only when that is another.
    const view = list([finding('f1')]);
    const draft = screen.getByRole('region', { name: /1 finding for Shop Builder/ });
    const article = within(draft).getByRole('article');
    expect(within(article).queryByText('Filed with')).toBeNull();
    expect(article.textContent).not.toContain('Shop Builder');
    view.unmount();
    list([finding('f1', { agentId: 'ag3', untrustedAgentName: ut('Data Keeper') })]);
    const fromAnother = within(screen.getByRole('region', { name: /1 finding for Shop Builder/ })).getByRole('article');
    expect(within(fromAnother).getByText('From')).toBeTruthy();
    expect(fromAnother.textContent).toContain('Data Keeper');
  });
});

describe('the finding as the site wrote it, said once (issue 56)', () => {
  const actions = { onOpenSource: vi.fn(), onOpenSignOff: vi.fn() };

  it('draws the topic and takeaway as the site’s text: as text, the topic quoted, the takeaway behind the site’s rule', () => {
    const { container } = render(
      <FindingItem
        finding={finding('f1', {
          untrustedTopic: ut('<b>x</b> in a topic'),
          untrustedTakeaway: ut('<i>y</i> in a takeaway'),
        })}
        siteOrigin={SITE}
        nowMs={created}
        {...actions}
      />,
    );
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('Pitfall <b>x</b> in a topic');
    const topic = within(heading).getByText('<b>x</b> in a topic');
    // The site's line in our heading, in quotation marks (.site-said), isolated from our words around it.
    expect(topic.closest('.site-said')).not.toBeNull();
    expect(topic.closest('[dir="auto"]')).not.toBeNull();
    const takeaway = screen.getByRole('note', { name: 'From the site' });
    expect(takeaway.classList.contains('site-quote')).toBe(true);
    expect(takeaway.textContent).toBe('<i>y</i> in a takeaway');
    expect(container.querySelectorAll('b, i')).toHaveLength(0);
  });

  it('inside a draft, says no status under the heading that says it waits for sign-off', () => {
    list([finding('f1')]);
    const waiting = screen.getByRole('region', { name: 'Waiting for your sign-off' });
    const article = within(waiting).getByRole('article');
    expect(within(article).queryByText('Status')).toBeNull();
    expect(waiting.textContent).not.toMatch(/waiting for your sign-off on the site/i);
    expect(waiting.textContent?.match(/sign-off/gi)).toHaveLength(1);
  });

  it('leaves out a fact the site did not give, and says when it was kept in a few words', () => {
    render(
      <FindingItem
        finding={finding('f1', { status: 'received', learnedAt: null, source: null, draftId: null, signOffUrl: null })}
        siteOrigin={SITE}
        nowMs={created + 2 * DAY_MS}
        {...actions}
      />,
    );
    const text = screen.getByRole('article').textContent ?? '';
    expect(text).not.toMatch(/Learned|Source|not given|none given/);
    expect(text).toMatch(/Kept2 days ago/);
  });

  it('folds the other findings under their count while a draft waits; shows them when none waits', () => {
    const joined = (id: string) =>
      finding(id, { status: 'joined', draftId: null, signOffUrl: null, filedWith: null, contributionState: 'kept' });
    const { unmount } = list([finding('f1'), joined('f2'), joined('f3')]);
    const fold = screen.getByRole('button', { name: '2 other findings' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('article', { name: 'Pitfall Topic f2' })).toBeNull();
    fireEvent.click(fold);
    expect(screen.getByRole('article', { name: 'Pitfall Topic f2' })).toBeTruthy();
    unmount();
    list([joined('f2'), joined('f3')]);
    expect(screen.queryByRole('button', { name: /other findings/ })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Findings' })).getAllByRole('article')).toHaveLength(2);
  });
});

describe('FindingsUnavailable', () => {
  it('says findings are not kept and where the member sets the choice', () => {
    const onOpen = vi.fn();
    render(<FindingsUnavailable why="not_kept" onOpenConnectionPage={onOpen} />);
    expect(screen.getByRole('status').textContent).toMatch(/chose not to keep.*connection’s page/s);
    fireEvent.click(screen.getByRole('button', { name: 'Open your connection on the site' }));
    expect(onOpen).toHaveBeenCalled();
  });

  it('explains a session-scoped key without offering a page that cannot help', () => {
    render(<FindingsUnavailable why="session_scoped" onOpenConnectionPage={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toMatch(/only works for one session/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
