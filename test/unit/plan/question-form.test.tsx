// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionForm, type SiteProblem } from '@/components/plan/QuestionForm';
import type { Question } from '@/lib/api/schemas';
import type { AnswerInput } from '@/lib/api/request-schemas';
import type { AnswerDraft } from '@/lib/sessions/answer-draft';
import { question, ut } from './fixtures';

afterEach(cleanup);

interface HarnessProps {
  questions: Question[];
  initial?: Record<string, AnswerDraft>;
  siteProblems?: SiteProblem[];
}

// Stands in for the panel: keeps the drafts the form reports, as the db would.
function setup({ questions, initial = {}, siteProblems }: HarnessProps) {
  const onSend = vi.fn<(answers: Record<string, AnswerInput>) => void>();
  const saved: [string, AnswerDraft][] = [];
  function Harness() {
    const [drafts, setDrafts] = useState<Record<string, AnswerDraft>>(initial);
    return (
      <QuestionForm
        questions={questions}
        drafts={drafts}
        siteProblems={siteProblems}
        onDraftChange={(key, draft) => {
          saved.push([key, draft]);
          setDrafts((prev) => ({ ...prev, [key]: draft }));
        }}
        onSend={onSend}
      />
    );
  }
  render(<Harness />);
  return { onSend, saved, send: () => fireEvent.click(screen.getByRole('button', { name: 'Send answers' })) };
}

const group = (name: string) => screen.getByRole('group', { name });

describe('QuestionForm', () => {
  it('shows each question as a group named by its ask, with its why, detail and options', () => {
    setup({ questions: [question('stack'), question('features', { multiple: true })] });
    const single = group('Ask stack?');
    expect(within(single).getAllByRole('radio')).toHaveLength(5);
    expect(within(single).getByText('Why stack')).toBeTruthy();
    expect(within(single).getByText('Detail stack')).toBeTruthy();
    const multi = group('Ask features?');
    expect(within(multi).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(multi).queryAllByRole('radio')).toHaveLength(0);
  });

  it('marks the recommended option with why the agent recommends it', () => {
    setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    const rec = within(g).getByRole('radio', { name: 'Option B (recommended)' });
    expect(rec.getAttribute('aria-describedby')).toMatch(/why/);
    expect(within(g).getByText(/Why the agent recommends it/).textContent).toContain('B suits most projects');
    expect(within(g).queryByRole('radio', { name: 'Option A (recommended)' })).toBeNull();
  });

  it('keeps one question’s answers in one radio group, labelled, so arrows move within it', () => {
    setup({ questions: [question('stack'), question('hosting')] });
    const names = within(group('Ask stack?'))
      .getAllByRole('radio')
      .map((r) => r.getAttribute('name'));
    expect(new Set(names).size).toBe(1);
    const other = within(group('Ask hosting?')).getAllByRole('radio')[0]?.getAttribute('name');
    expect(other).not.toBe(names[0]);
  });

  it('sends a chosen option and saves the draft as it changes', () => {
    const { onSend, saved, send } = setup({ questions: [question('stack')] });
    fireEvent.click(within(group('Ask stack?')).getByRole('radio', { name: 'Option A' }));
    expect(saved.at(-1)).toEqual(['stack', { choice: 'option', optionKeys: ['a'], own: '' }]);
    fireEvent.click(within(group('Ask stack?')).getByRole('radio', { name: 'Option C' }));
    send();
    expect(onSend).toHaveBeenCalledWith({ stack: { kind: 'option', optionKeys: ['c'] } });
  });

  it('sends several options for a multiple question', () => {
    const { onSend, send } = setup({ questions: [question('features', { multiple: true })] });
    const g = group('Ask features?');
    fireEvent.click(within(g).getByRole('checkbox', { name: 'Option A' }));
    fireEvent.click(within(g).getByRole('checkbox', { name: 'Option C' }));
    expect((within(g).getByRole('checkbox', { name: 'Option A' }) as HTMLInputElement).checked).toBe(true);
    send();
    expect(onSend).toHaveBeenCalledWith({ features: { kind: 'option', optionKeys: ['a', 'c'] } });
  });

  it('leaves it to the agent, naming the option it will use', () => {
    const { onSend, send } = setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    expect(within(g).getByText(/It uses its recommended option/).textContent).toContain('Option B');
    fireEvent.click(within(g).getByRole('radio', { name: 'Leave it to the agent' }));
    send();
    expect(onSend).toHaveBeenCalledWith({ stack: { kind: 'left_to_agent' } });
  });

  it('answers in own words by typing, and switching away keeps the text', () => {
    const { onSend, saved, send } = setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    fireEvent.input(within(g).getByRole('textbox', { name: /Your own words/ }), {
      target: { value: 'Elixir, please' },
    });
    expect((within(g).getByRole('radio', { name: 'Answer in my own words' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(g).getByRole('radio', { name: 'Option A' }));
    expect(saved.at(-1)?.[1]).toEqual({ choice: 'option', optionKeys: ['a'], own: 'Elixir, please' });
    fireEvent.click(within(g).getByRole('radio', { name: 'Answer in my own words' }));
    send();
    expect(onSend).toHaveBeenCalledWith({ stack: { kind: 'own', own: 'Elixir, please' } });
  });

  it('refuses own words over 2000 characters, and sends nothing', () => {
    const { onSend, send } = setup({ questions: [question('stack')] });
    const g = group('Ask stack?');
    fireEvent.input(within(g).getByRole('textbox', { name: /Your own words/ }), {
      target: { value: 'x'.repeat(2001) },
    });
    expect(within(g).getByRole('alert').textContent).toMatch(/2,001 characters; at most 2,000/);
    send();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses to send nothing', () => {
    const { onSend, send } = setup({ questions: [question('stack')] });
    send();
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Answer at least one question/);
  });

  it('sends only what was answered when some questions are left', () => {
    const { onSend, send } = setup({ questions: [question('stack'), question('hosting')] });
    fireEvent.click(within(group('Ask hosting?')).getByRole('radio', { name: 'Leave it to the agent' }));
    send();
    expect(onSend).toHaveBeenCalledWith({ hosting: { kind: 'left_to_agent' } });
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
    const { onSend, send } = setup({
      questions: [question('stack')],
      initial: { stack: { choice: 'option', optionKeys: ['gone'], own: '' } },
    });
    const g = group('Ask stack?');
    expect(within(g).getByRole('alert').textContent).toMatch(/no longer offered/);
    send();
    expect(onSend).not.toHaveBeenCalled();
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
      <QuestionForm questions={[hostile]} drafts={{}} onDraftChange={() => {}} onSend={() => {}} />,
    );
    expect(container.querySelectorAll('script, img, a, iframe')).toHaveLength(0);
    expect(screen.getByRole('group', { name: '<script>window.__pwned=1</script>' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '[click](javascript:alert(1))' })).toBeTruthy();
    expect(container.textContent).toContain('… (cut)');
  });
});
