// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswersList } from '@/components/plan/AnswersList';
import { DetailsList } from '@/components/plan/DetailsList';
import { GateStatus, MissingList } from '@/components/plan/GateStatus';
import { ReadStatus } from '@/components/plan/ReadStatus';
import { ReviseForm } from '@/components/plan/ReviseForm';
import { SessionList } from '@/components/sessions/SessionList';
import { gateView } from '@/lib/sessions/gate';
import { answer, question, questionsObject, session, ut } from './fixtures';

afterEach(cleanup);

const HOSTILE = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<a href="javascript:window.__pwned=1">click</a>',
  '[click here](javascript:window.__pwned=1)',
];

function expectNoLiveElements(container: Element) {
  expect(container.querySelectorAll('script, img, a, iframe, svg')).toHaveLength(0);
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) expect(attr.startsWith('on'), `${el.tagName} ${attr}`).toBe(false);
  }
}

describe('GateStatus', () => {
  it('lists what is missing first asked first', () => {
    const q = questionsObject({ shown: [question('stack'), question('hosting'), question('budget')] });
    q.gate.missing.reverse();
    render(<MissingList missing={gateView(q, { hosting: { kind: 'left_to_agent' } }).missing} />);
    const list = screen.getByRole('list', { name: 'Missing details, first asked first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Detail stack', 'Detail budget']);
  });

  it('shows the site’s 409 details_missing: not started, and what is missing', () => {
    render(<GateStatus missing={[{ key: 'k', untrustedDetail: ut(HOSTILE[0]!) }]} />);
    expect(screen.getByRole('status').textContent).toMatch(/The plan did not start: one detail is missing/);
    expect(screen.getByRole('listitem').textContent).toBe(HOSTILE[0]);
  });
});

describe('ReadStatus', () => {
  const line = () => screen.getByRole('region', { name: 'Reading your request' }).querySelector('p')?.textContent;

  it('says nothing of a request read as it stands that fits its agent: nothing is left for the member to do', () => {
    const q = questionsObject({
      pass: {
        status: 'done',
        current: true,
        verdict: 'fits',
        readsLeft: 2,
        canReread: true,
        at: '2026-11-01T09:58:00Z',
      },
    });
    const { container } = render(<ReadStatus pass={q.pass} shortCheck={null} now={new Date('2026-11-01T10:00:00Z')} />);
    expect(screen.queryByRole('region', { name: 'Reading your request' })).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('says when a request that does not fit was read, in one plain sentence, with no reads left beside it', () => {
    const q = questionsObject({
      pass: {
        status: 'done',
        current: true,
        verdict: 'off',
        readsLeft: 2,
        canReread: true,
        at: '2026-11-01T09:58:00Z',
      },
    });
    render(<ReadStatus pass={q.pass} shortCheck={null} now={new Date('2026-11-01T10:00:00Z')} />);
    expect(line()).toBe('Your request was read 2 minutes ago.');
    const region = screen.getByRole('region', { name: 'Reading your request' });
    // The reads left are said once, in the rewrite box (where a rewrite spends one); no dotted shorthand here.
    expect(region.textContent).not.toMatch(/reads? left|more times|fits this agent|·|as it stands|\(/);
  });

  it('says a read before the last change, and leaves out reads once the request cannot be rewritten', () => {
    const q = questionsObject({ pass: { status: 'done', current: false, verdict: null, canReread: false } });
    render(<ReadStatus pass={q.pass} shortCheck={null} />);
    expect(line()).toBe('Your request was read before your last change.');
  });

  it('says a skipped read goes in as written, why, and the short check', () => {
    const q = questionsObject({
      pass: { status: 'skipped', skippedWhy: 'member_limit', verdict: null, readsLeft: 1, canReread: true },
      shortCheck: { status: 'skipped', skippedWhy: 'site_budget', at: '2026-11-01T09:00:00Z' },
    });
    render(<ReadStatus pass={q.pass} shortCheck={q.shortCheck} />);
    expect(line()).toBe('Your request was not read: it goes in as written.');
    const text = screen.getByRole('region', { name: 'Reading your request' }).textContent ?? '';
    expect(text).toMatch(/Why: You have used your reads for now/);
    expect(text).toMatch(/not checked: the site can’t check more for now/);
  });

  it('says a failed read, an unread request and a read status this version does not know', () => {
    const failed = questionsObject({ pass: { status: 'failed', verdict: null, canReread: false } });
    const { unmount } = render(<ReadStatus pass={failed.pass} shortCheck={null} />);
    expect(line()).toBe('Your request could not be read: it goes in as written.');
    unmount();
    const unread = questionsObject({ pass: { status: null, verdict: null, canReread: false } });
    const second = render(<ReadStatus pass={unread.pass} shortCheck={null} />);
    expect(line()).toBe('Your request has not been read yet.');
    second.unmount();
    const odd = questionsObject({ pass: { status: { unknown: 'moon' }, verdict: null, canReread: false } });
    render(<ReadStatus pass={odd.pass} shortCheck={null} />);
    expect(line()).toMatch(/unknown.*moon/);
  });

  it('says in full when the request is off the subject, that it answered every question, and the site’s sentence', () => {
    const q = questionsObject({
      pass: {
        verdict: 'off',
        covers: true,
        readsLeft: 0,
        canReread: false,
        fit: { sentence: ut(HOSTILE[1]!) },
      },
    });
    const { container } = render(<ReadStatus pass={q.pass} shortCheck={null} />);
    expect(container.textContent).toMatch(/different kind of project/);
    expect(container.textContent).not.toMatch(/fits this agent/);
    expect(container.textContent).toMatch(/nothing is asked/);
    expect(container.textContent).toContain(HOSTILE[1]);
    // The site's sentence, quoted as the site's.
    expect(screen.getByText(HOSTILE[1]!).parentElement?.classList.contains('site-said')).toBe(true);
    expectNoLiveElements(container);
  });
});

describe('AnswersList', () => {
  it('groups answers by who gave them and marks those from the request', () => {
    const questions = [question('stack'), question('hosting'), question('budget'), question('db')];
    render(
      <AnswersList
        questions={questions}
        answers={[
          answer('stack', { kind: 'option', optionKeys: ['a', 'c'], by: 'member' }),
          answer('hosting', { kind: 'own', optionKeys: [], untrustedOwn: ut('My own server'), by: 'connection' }),
          answer('budget', { kind: 'left_to_agent', optionKeys: ['b'], by: 'member', fromPrompt: true }),
          answer('unknown_key', { kind: 'option', optionKeys: ['z'] }),
        ]}
      />,
    );
    const mine = screen.getByRole('region', { name: 'Answered by you' });
    expect(mine.textContent).toContain('Option A, Option C');
    expect(mine.textContent).toContain('unknown_key');
    expect(screen.getByRole('region', { name: 'Answered by this connection' }).textContent).toContain('My own server');
    const prompt = screen.getByRole('region', { name: 'Filled in from your request' });
    expect(prompt.textContent).toMatch(/from your request/);
    expect(prompt.textContent).toMatch(/Left to the agent: it uses Option B/);
  });

  it('shows hostile own answers and details as text', () => {
    const { container } = render(
      <>
        <AnswersList
          questions={[]}
          answers={HOSTILE.map((h, i) => answer(`k${i}`, { kind: 'own', optionKeys: [], untrustedOwn: ut(h) }))}
        />
        <DetailsList
          details={HOSTILE.map((h, i) => ({ key: `k${i}`, untrustedDetail: ut(h), untrustedAnswer: ut(h) }))}
        />
      </>,
    );
    for (const h of HOSTILE) expect(container.textContent).toContain(h);
    expectNoLiveElements(container);
  });
});

describe('SessionList', () => {
  it('shows status, calls, charge, last call, moved note and who started it', () => {
    const onOpen = vi.fn();
    const now = new Date('2026-11-01T12:00:00Z');
    render(
      <SessionList
        now={now}
        onOpen={onOpen}
        sessions={[
          session({
            calls: 3,
            chargedCents: 250,
            lastCallAt: '2026-11-01T10:00:00Z',
            untrustedMovedNote: ut('A guide left'),
          }),
          session({
            sessionId: 's2',
            untrustedAgentName: ut('Researcher'),
            status: 'closed',
            way: 'question',
            research: true,
            startedByThisConnection: false,
          }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(first?.textContent).toMatch(/Plan my project · Open/);
    expect(first?.textContent).toMatch(/3 calls · charged \$2\.50 · last call 2 hours ago/);
    expect(first?.textContent).toMatch(/moved to a newer version: A guide left/);
    expect(first?.textContent).toMatch(/Started here/);
    expect(second?.textContent).toMatch(/Ask a question · Closed/);
    expect(second?.textContent).toMatch(/research/);
    expect(second?.textContent).toMatch(/no call yet/);
    expect(second?.textContent).toMatch(/Started elsewhere/);
    fireEvent.click(screen.getByRole('button', { name: 'Open session Researcher' }));
    expect(onOpen).toHaveBeenCalledWith('s2');
  });
});

describe('ReviseForm', () => {
  it('refuses an empty revision locally', () => {
    const onSubmit = vi.fn();
    render(<ReviseForm onSubmit={onSubmit} />);
    fireEvent.input(screen.getByRole('textbox', { name: /What to change/ }), { target: { value: '  \n ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the revision' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Say what to change or ask about the plan/);
  });

  it('sends what to change, trimmed, and saves it as typed', () => {
    const onSubmit = vi.fn();
    const onTextChange = vi.fn();
    render(<ReviseForm onSubmit={onSubmit} onTextChange={onTextChange} />);
    fireEvent.input(screen.getByRole('textbox', { name: /What to change/ }), { target: { value: ' Use SQLite \n' } });
    expect(onTextChange).toHaveBeenLastCalledWith(' Use SQLite \n');
    fireEvent.click(screen.getByRole('button', { name: 'Send the revision' }));
    expect(onSubmit).toHaveBeenCalledWith('Use SQLite');
  });

  it('lets empty text go when answers or files go with it, and refuses text over the limit', () => {
    const onSubmit = vi.fn();
    const { unmount } = render(<ReviseForm onSubmit={onSubmit} carriesOther />);
    fireEvent.click(screen.getByRole('button', { name: 'Send the revision' }));
    expect(onSubmit).toHaveBeenCalledWith('');
    unmount();
    const onLong = vi.fn();
    render(<ReviseForm onSubmit={onLong} initial={'x'.repeat(20001)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send the revision' }));
    expect(onLong).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/at most 20,000/);
  });
});
