// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionForm, type SiteProblem } from '@/components/plan/QuestionForm';
import type { Question } from '@/lib/contract/sessions';
import type { AnswerDraft } from '@/lib/sessions/answer-draft';
import { question, ut } from './fixtures';

afterEach(cleanup);

interface HarnessProps {
  questions: Question[];
  initial?: Record<string, AnswerDraft>;
  siteProblems?: SiteProblem[];
  /** The questions the plan waits for; all of them unless said. */
  required?: string[];
  /** Stands in for "Make the plan". */
  withNext?: boolean;
}

// Stands in for the panel: keeps the drafts the form reports, as the db would.
function setup({ questions, initial = {}, siteProblems, required, withNext = false }: HarnessProps) {
  const saved: [string, AnswerDraft][] = [];
  let done = 0;
  function Harness() {
    const [drafts, setDrafts] = useState<Record<string, AnswerDraft>>(initial);
    return (
      <QuestionForm
        questions={questions}
        drafts={drafts}
        siteProblems={siteProblems}
        required={required ?? questions.map((q) => q.key)}
        onDraftChange={(key, draft) => {
          saved.push([key, draft]);
          setDrafts((prev) => ({ ...prev, [key]: draft }));
        }}
        onDraftDone={() => {
          done += 1;
        }}
        next={
          withNext ? (
            <button type="button" onClick={() => undefined}>
              Next
            </button>
          ) : undefined
        }
      />
    );
  }
  render(<Harness />);
  return { saved, doneCount: () => done };
}

const group = (name: string | RegExp) => screen.getByRole('group', { name });

/** Opens a question still waiting its turn, by its ask in the list of those still to answer. */
const openWaiting = (ask: string) =>
  fireEvent.click(within(screen.getByRole('region', { name: 'Still to answer' })).getByRole('button', { name: ask }));

/** The panel's stylesheet's rules (selector and body), to read what a class is drawn with. */
function cssRules(): { selector: string; body: string }[] {
  const css = readFileSync('components/style.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return Array.from(css.matchAll(/([^{}]+)\{([^{}]*)\}/g), (m) => ({
    selector: (m[1] ?? '').trim(),
    body: m[2] ?? '',
  }));
}

describe('QuestionForm', () => {
  it('shows each question as a group named by its ask, why it asks on one quiet line, and its options', () => {
    setup({ questions: [question('stack'), question('features', { multiple: true })] });
    const single = group('Ask stack?');
    expect(within(single).getAllByRole('radio')).toHaveLength(5);
    const why = single.querySelector('.question-why');
    expect(why?.textContent).toBe('Why stack');
    // No filler: "Choose one.", the "Why it asks:" label and the detail it fills (the site's key) are gone.
    expect(single.textContent).not.toMatch(/Choose one\.|Why it asks|Fills in|Detail stack/);
    openWaiting('Ask features?');
    const multi = group('Ask features?');
    expect(within(multi).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(multi).queryAllByRole('radio')).toHaveLength(0);
    expect(multi.textContent).toContain('Choose one or more.');
  });

  it('marks the recommended option with a pill that says "recommended", and why the agent recommends it', () => {
    setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    const rec = within(g).getByRole('radio', { name: 'Option B recommended' });
    expect(rec.getAttribute('aria-describedby')).toMatch(/why/);
    const pill = g.querySelector('.badge');
    expect(pill?.textContent).toBe('recommended');
    expect(g.textContent).not.toContain('(recommended)');
    // The agent's reason, as it wrote it, under the pill that says what it is.
    expect(within(g).getByText('B suits most projects').closest('.recommended-why')).toBeTruthy();
    expect(within(g).queryByRole('radio', { name: /Option A recommended/ })).toBeNull();
  });

  it('says "recommended" by its pill alone: no tint on its row while its radio is empty; the chosen row is marked', () => {
    setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    const rec = within(g).getByRole('radio', { name: 'Option B recommended' }) as HTMLInputElement;
    const row = rec.closest('.option') as HTMLElement;
    expect(rec.checked).toBe(false);
    // Only the pill and the shared row class: nothing a rule could tint as if it were chosen.
    expect(row.className).toBe('option');
    const tinted = cssRules().filter((r) => /recommended/.test(r.selector) && /background/.test(r.body));
    expect(tinted).toEqual([]);
    // Chosen, a row is marked as chosen, and that mark is drawn; the recommended one is then left plain.
    fireEvent.click(within(g).getByRole('radio', { name: 'Option A' }));
    const chosen = within(g).getByRole('radio', { name: 'Option A' }).closest('.option') as HTMLElement;
    expect(chosen.classList.contains('option-chosen')).toBe(true);
    expect(row.classList.contains('option-chosen')).toBe(false);
    expect(cssRules().some((r) => r.selector === '.option-chosen' && /background/.test(r.body))).toBe(true);
    fireEvent.click(within(g).getByRole('radio', { name: 'Leave it to the agent' }));
    const left = within(g).getByRole('radio', { name: 'Leave it to the agent' }).closest('.option') as HTMLElement;
    expect(left.classList.contains('option-chosen')).toBe(true);
    expect(chosen.classList.contains('option-chosen')).toBe(false);
  });

  it("draws the site's words as the site's: its question and reason quoted, its options behind its rule", () => {
    setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    // Isolated in its own direction, the marks around the isolate (Quoted).
    const site = (el: Element | null | undefined) => {
      expect(el?.parentElement?.classList.contains('site-said')).toBe(true);
      expect(el?.getAttribute('dir')).toBe('auto');
    };
    // The question and its reason, in the member's quotation marks.
    site(within(g).getByText('Ask stack?'));
    site(within(g).getByText('Why stack'));
    // The site's options in a group of their own, named "From the site" and drawn with the site's rule.
    const choices = within(g).getByRole('group', { name: 'From the site' });
    expect(choices.classList.contains('site-quote')).toBe(true);
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['a', 'b', 'c']);
    expect(within(choices).getByText('About B')).toBeTruthy();
    expect(within(choices).getByText('B suits most projects')).toBeTruthy();
    // Our own ways to answer stay outside it, on one row; the option the agent would pick is its pill's to show,
    // and is said with "Leave it to the agent" to assistive technology, quoted in our sentence.
    expect(within(choices).queryByRole('radio', { name: 'Leave it to the agent' })).toBeNull();
    expect(within(choices).queryByRole('radio', { name: 'My own words' })).toBeNull();
    const left = within(g).getByRole('radio', { name: 'Leave it to the agent' });
    const own = within(g).getByRole('radio', { name: 'My own words' });
    expect(left.closest('.own-ways')).toBe(own.closest('.own-ways'));
    const picks = document.getElementById(left.getAttribute('aria-describedby') ?? '')!;
    expect(picks.textContent).toMatch(/^It picks/);
    expect(picks.classList.contains('visually-hidden')).toBe(true);
    site(within(picks).getByText('Option B'));
  });

  it('says under "Leave it to the agent" that the agent recommends no option, where it recommends none', () => {
    setup({ questions: [question('stack', { recommended: null, untrustedRecommendedWhy: null })] });
    const left = within(group('Ask stack?')).getByRole('radio', { name: 'Leave it to the agent' });
    const note = document.getElementById(left.getAttribute('aria-describedby') ?? '')!;
    expect(note.textContent).toBe('It recommends no option here.');
    expect(note.classList.contains('visually-hidden')).toBe(false);
  });

  it('marks the questions the plan does not wait for as optional, and only those', () => {
    setup({ questions: [question('stack'), question('hosting')], required: ['stack'] });
    // Waiting its turn, the optional question says so beside its ask.
    const waiting = screen.getByRole('region', { name: 'Still to answer' });
    expect(within(waiting).getByRole('listitem').textContent).toBe('Ask hosting? Optional');
    openWaiting('Ask hosting?');
    expect(group(/^Ask hosting\?/).querySelector('legend')?.textContent).toBe('Ask hosting? Optional');
    expect(screen.getByRole('group', { name: 'Ask hosting? Optional' })).toBeTruthy();
    expect(group('Ask stack?').textContent).not.toContain('Optional');
  });

  it('keeps one question’s answers in one radio group, labelled, so arrows move within it', () => {
    setup({ questions: [question('stack'), question('hosting')] });
    openWaiting('Ask hosting?');
    const names = within(group('Ask stack?'))
      .getAllByRole('radio')
      .map((r) => r.getAttribute('name'));
    expect(new Set(names).size).toBe(1);
    const other = within(group('Ask hosting?')).getAllByRole('radio')[0]?.getAttribute('name');
    expect(other).not.toBe(names[0]);
  });

  it('draws one question at a time: the first unanswered in full, the later ones as a list of their asks', () => {
    setup({ questions: [question('stack'), question('hosting'), question('region')], required: ['stack', 'hosting'] });
    expect(screen.queryByRole('group', { name: /Ask region\?/ })).toBeNull();
    expect(group('Ask stack?')).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Ask hosting\?/ })).toBeNull();
    const waiting = screen.getByRole('region', { name: 'Still to answer' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ask hosting?', 'Ask region? Optional']);
    // Answering the first draws the next in full (the answered one stays, so nothing moves under the pointer).
    fireEvent.click(within(group('Ask stack?')).getByRole('radio', { name: /^Option A/ }));
    expect(group('Ask stack?')).toBeTruthy();
    expect(group('Ask hosting?')).toBeTruthy();
    const left = within(screen.getByRole('region', { name: 'Still to answer' })).getAllByRole('listitem');
    expect(left.map((li) => li.textContent)).toEqual(['Ask region? Optional']);
  });

  it('opens a waiting question out of turn, with the focus in its first option, and keeps it open', () => {
    setup({ questions: [question('stack'), question('hosting'), question('region')] });
    openWaiting('Ask region?');
    const region = group('Ask region?');
    expect(document.activeElement).toBe(within(region).getAllByRole('radio')[0]);
    // The one whose turn it is stays in full beside it; the other still waits.
    expect(group('Ask stack?')).toBeTruthy();
    const waiting = screen.getByRole('region', { name: 'Still to answer' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ask hosting?']);
    fireEvent.click(within(region).getByRole('radio', { name: /^Option A/ }));
    expect(group('Ask region?')).toBeTruthy();
  });

  it('saves each choice as it is made: there is no send button', () => {
    const { saved } = setup({ questions: [question('stack')] });
    fireEvent.click(within(group('Ask stack?')).getByRole('radio', { name: 'Option A' }));
    expect(saved.at(-1)).toEqual(['stack', { choice: 'option', optionKeys: ['a'], own: '' }]);
    fireEvent.click(within(group('Ask stack?')).getByRole('radio', { name: 'Option C' }));
    expect(saved.at(-1)).toEqual(['stack', { choice: 'option', optionKeys: ['c'], own: '' }]);
    expect(screen.queryByRole('button', { name: /Send|Save/ })).toBeNull();
  });

  it('saves several options for a multiple question', () => {
    const { saved } = setup({ questions: [question('features', { multiple: true })] });
    const g = group('Ask features?');
    fireEvent.click(within(g).getByRole('checkbox', { name: 'Option A' }));
    fireEvent.click(within(g).getByRole('checkbox', { name: 'Option C' }));
    expect((within(g).getByRole('checkbox', { name: 'Option A' }) as HTMLInputElement).checked).toBe(true);
    expect(saved.at(-1)).toEqual(['features', { choice: 'option', optionKeys: ['a', 'c'], own: '' }]);
  });

  it('leaves it to the agent, naming the option it will use', () => {
    const { saved } = setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    expect(within(g).getByText(/^It picks/).textContent).toBe('It picks Option B.');
    fireEvent.click(within(g).getByRole('radio', { name: 'Leave it to the agent' }));
    expect(saved.at(-1)?.[1].choice).toBe('left_to_agent');
  });

  it('opens the own-words box only when own words are chosen; switching away keeps the text', () => {
    const { saved, doneCount } = setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    expect(within(g).queryByRole('textbox')).toBeNull();
    expect(g.textContent).not.toMatch(/Your own words/);
    fireEvent.click(within(g).getByRole('radio', { name: 'My own words' }));
    const box = within(g).getByRole('textbox', { name: 'Your own words (0 of 2,000 characters)' });
    fireEvent.input(box, { target: { value: 'Elixir, please' } });
    expect(saved.at(-1)?.[1]).toEqual({ choice: 'own', optionKeys: [], own: 'Elixir, please' });
    // Leaving the box stores what is still waiting for the typing pause.
    fireEvent.blur(box);
    expect(doneCount()).toBe(1);
    fireEvent.click(within(g).getByRole('radio', { name: 'Option A' }));
    expect(within(g).queryByRole('textbox')).toBeNull();
    expect(saved.at(-1)?.[1]).toEqual({ choice: 'option', optionKeys: ['a'], own: 'Elixir, please' });
    fireEvent.click(within(g).getByRole('radio', { name: 'My own words' }));
    expect((within(g).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Elixir, please');
  });

  it('keeps the box open while it is emptied, and says an empty answer once the member leaves it', () => {
    setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    fireEvent.click(within(g).getByRole('radio', { name: 'My own words' }));
    const box = within(g).getByRole('textbox');
    fireEvent.input(box, { target: { value: 'x' } });
    fireEvent.input(box, { target: { value: '' } });
    expect(within(g).getByRole('textbox')).toBe(box);
    expect(within(g).queryByRole('alert')).toBeNull();
    fireEvent.blur(box);
    expect(within(g).getByRole('alert').textContent).toMatch(/Write your answer/);
  });

  it('says own words over 2000 characters are too long as they are typed', () => {
    setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    fireEvent.click(within(g).getByRole('radio', { name: 'My own words' }));
    fireEvent.input(within(g).getByRole('textbox', { name: /Your own words/ }), {
      target: { value: 'x'.repeat(2001) },
    });
    expect(within(g).getByRole('alert').textContent).toMatch(/2,001 characters; at most 2,000/);
  });

  it('"Use the recommended answers" answers every unanswered question with its recommended option, in one click', () => {
    const { saved } = setup({
      questions: [
        question('stack'),
        question('hosting', { recommended: 'c' }),
        question('budget'),
        question('free', { recommended: 'gone' }),
      ],
      initial: { budget: { choice: 'option', optionKeys: ['a'], own: '' } },
      withNext: true,
    });
    const next = screen.getByRole('region', { name: 'Next step' });
    fireEvent.click(within(next).getByRole('button', { name: 'Use the recommended answers' }));
    // Saved like any other answer; the one already answered, and the one with no option to recommend, are left.
    expect(saved).toEqual([
      ['stack', { choice: 'option', optionKeys: ['b'], own: '' }],
      ['hosting', { choice: 'option', optionKeys: ['c'], own: '' }],
    ]);
    // Answered, they fold to their answers; nothing is left to fill, and the focus goes on to the next step.
    expect(group('Ask stack?').querySelector('.folded-answer')?.textContent).toBe('Option B');
    expect(group('Ask hosting?').querySelector('.folded-answer')?.textContent).toBe('Option C');
    expect(group('Ask budget?').querySelector('.folded-answer')?.textContent).toBe('Option A');
    expect(within(group(/^Ask free\?/)).getAllByRole('radio').length).toBeGreaterThan(0);
    expect(within(next).queryByRole('button', { name: 'Use the recommended answers' })).toBeNull();
    expect(document.activeElement).toBe(within(next).getByRole('button', { name: 'Next' }));
  });

  it('the next step follows the question being answered and those waiting, in the flow, covering none', () => {
    setup({ questions: [question('stack'), question('hosting')], withNext: true });
    const next = screen.getByRole('region', { name: 'Next step' });
    const first = group('Ask stack?');
    const waiting = screen.getByRole('region', { name: 'Still to answer' });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(first, next)).toBe(true);
    expect(follows(waiting, next)).toBe(true);
    expect(next.contains(first)).toBe(false);
    // Not lifted out of the flow: a bar kept in sight at the bottom covered the question under it.
    const bar = cssRules().filter((r) => r.selector.split(',').some((part) => part.trim() === '.step-bar'));
    expect(bar.length).toBeGreaterThan(0);
    for (const rule of bar) expect(rule.body).not.toMatch(/position\s*:\s*(sticky|fixed|absolute)/);
  });

  it('with no question to answer, the next step alone', () => {
    const { container } = render(
      <QuestionForm
        questions={[]}
        drafts={{}}
        onDraftChange={() => {}}
        required={[]}
        next={<button type="button">Next</button>}
      />,
    );
    expect(
      within(screen.getByRole('region', { name: 'Next step' })).getByRole('button', { name: 'Next' }),
    ).toBeTruthy();
    expect(container.querySelector('h2')).toBeNull();
  });

  it('starts from saved drafts, so a closed panel loses nothing: answered questions fold to their answer', () => {
    setup({
      questions: [question('stack'), question('features', { multiple: true }), question('host')],
      initial: {
        stack: { choice: 'own', optionKeys: [], own: 'Saved words' },
        features: { choice: 'option', optionKeys: ['b', 'c'], own: '' },
      },
    });
    // Folded: the question and its answer on two lines; the first unanswered question open below them.
    expect(group('Ask stack?').textContent).toContain('Saved words');
    expect(within(group('Ask stack?')).queryByRole('textbox')).toBeNull();
    expect(within(group('Ask features?')).queryByRole('checkbox')).toBeNull();
    expect(group('Ask features?').textContent).toContain('Option B, Option C');
    expect(within(group('Ask host?')).getAllByRole('radio').length).toBeGreaterThan(0);
    for (const ask of ['Ask stack?', 'Ask features?']) {
      fireEvent.click(within(group(ask)).getByRole('button', { name: 'Change this answer' }));
    }
    expect((within(group('Ask stack?')).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Saved words');
    const checked = within(group('Ask features?'))
      .getAllByRole('checkbox')
      .filter((c) => (c as HTMLInputElement).checked)
      .map((c) => (c as HTMLInputElement).value);
    expect(checked).toEqual(['b', 'c']);
  });

  it('shows an option the site no longer offers, so it can be unticked', () => {
    setup({
      questions: [question('stack')],
      initial: { stack: { choice: 'option', optionKeys: ['gone'], own: '' } },
    });
    const g = group('Ask stack?');
    expect(within(g).getByRole('alert').textContent).toMatch(/no longer offered/);
    fireEvent.click(within(g).getByRole('checkbox', { name: /No longer offered/ }));
    expect(within(g).queryByRole('alert')).toBeNull();
  });

  it('shows the site’s invalid_answers problems by question', () => {
    setup({
      questions: [question('stack')],
      siteProblems: [
        { key: 'stack', problem: 'not an option' },
        { key: 'other', problem: 'no such question' },
      ],
    });
    expect(within(group('Ask stack?')).getByRole('alert').textContent).toContain('The site says: not an option');
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('no such question'))).toBe(true);
  });

  it('shows hostile question texts as text, with no live element', () => {
    const hostile = question('stack', {
      untrustedAsk: ut('<script>window.__pwned=1</script>'),
      untrustedWhy: ut('<img src=x onerror="window.__pwned=1">'),
      options: [
        {
          key: 'a',
          untrustedLabel: ut('[click](javascript:alert(1))'),
          untrustedDescription: ut('<a href="javascript:x">y</a>'),
        },
        { key: 'b', untrustedLabel: ut('B'), untrustedDescription: ut('x'.repeat(2000), true) },
      ],
    });
    const { container } = render(
      <QuestionForm questions={[hostile]} drafts={{}} onDraftChange={() => {}} required={['stack']} />,
    );
    expect(container.querySelectorAll('script, img, a, iframe')).toHaveLength(0);
    expect(screen.getByRole('group', { name: '<script>window.__pwned=1</script>' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '[click](javascript:alert(1))' })).toBeTruthy();
    expect(container.textContent).toContain('… (shortened)');
  });
});
