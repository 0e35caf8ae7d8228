// The apply call's gate: which details it still waits for. The service answers the gate in the
// questions object (gate.missing, first asked first); answers the member has drafted but not sent yet
// go with the next call and are "kept with the session before the gate is checked" (contract, POST
// /calls `answers`), so a missing detail the member has answered locally no longer holds the call back.
import type { MissingDetail } from '@/lib/contract/calls';
import type { Question, Questions } from '@/lib/contract/sessions';
import type { AnswerInput } from '@/lib/contract/calls';

export interface GateView {
  /** True when nothing is missing once the member's unsent answers count. */
  ready: boolean;
  /** Still missing after the unsent answers, first asked first. */
  missing: MissingDetail[];
  /** Missing on the site, but answered in the member's unsent answers (sent with the next call). */
  answeredLocally: MissingDetail[];
}

// A required detail's key is its question's key: the site fills details[] (key, untrustedDetail,
// untrustedAnswer) from answers by that key, and gate.missing names the same keys.
function askingOrder(questions: Questions): Map<string, number> {
  const order = new Map<string, number>();
  const asked: Question[] = [...(questions.questions?.opening ?? []), ...questions.shown];
  for (const q of asked) if (!order.has(q.key)) order.set(q.key, order.size);
  return order;
}

/**
 * The site lists gate.missing first asked first; this keeps that order and only re-sorts when the
 * list disagrees with the questions' asking order, so a reordered answer cannot confuse the member.
 */
export function missingFirstAskedFirst(questions: Questions): MissingDetail[] {
  const order = askingOrder(questions);
  const indexed = questions.gate.missing.map((m, i) => ({ m, i, o: order.get(m.key) ?? Number.POSITIVE_INFINITY }));
  indexed.sort((a, b) => (a.o === b.o ? a.i - b.i : a.o - b.o));
  return indexed.map((x) => x.m);
}

/** The gate as the member sees it, counting answers drafted and valid but not sent yet. */
export function gateView(questions: Questions, unsentAnswers: Readonly<Record<string, AnswerInput>> = {}): GateView {
  const missing: MissingDetail[] = [];
  const answeredLocally: MissingDetail[] = [];
  for (const m of missingFirstAskedFirst(questions)) {
    if (Object.hasOwn(unsentAnswers, m.key)) answeredLocally.push(m);
    else missing.push(m);
  }
  // Not ready with nothing listed is the site's inconsistency: the call goes, and a 409 details_missing
  // would name what is missing, which tells the member more than a refusal with no list.
  const ready = questions.gate.ready || missing.length === 0;
  return { ready, missing, answeredLocally };
}
