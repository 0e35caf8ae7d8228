import { useRef, useState } from 'preact/hooks';
import { getConnection } from '@/lib/db/queries';
import { charCount } from '@/lib/format/chars';
import type { CallRequest } from '@/lib/contract/calls';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import type { CallFilesHandle, CallFilesSummary } from '@/components/files/CallFiles';
import { LazyCallFiles } from '@/components/files/LazyCallFiles';
import { isFilesSwitchedOff } from '@/components/files/switched-off';
import { hasSecretText, SecretWarning } from '@/components/common/SecretWarning';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { useOffers } from '@/components/common/useOffers';
import { UntrustedText } from '@/components/common/UntrustedText';
import { RefusalView } from '@/components/refusal/RefusalView';
import { type CallDraft, clearDraft, newIntentId, saveDraft } from './draft';
import { type FitAnswer, FitChoiceView, needsFitChoice } from './FitChoiceView';
import { PreviewDetails, PreviewLimits, PrivacyLine } from './PreviewDetails';
import { holdLabel } from './hold-label';
import { checkSpendAtMost, SpendAtMost } from './SpendAtMost';
import { usePreviewRead } from './usePreviewRead';
import { heldByRefusal } from './refusal-hold';
import { CheckFailed } from './CallCheckView';
import { previewCheck, startBlocks } from './start-block';
import { useStartCall } from './useStartCall';
import { useStartSession } from './useStartSession';
import { type StartKind, StartKindChoice } from './StartKindChoice';
import { Disclosure } from '@/components/common/Disclosure';
import { ViewHeading } from '@/components/common/ViewHeading';
import { formatCount } from '@/lib/format/count';
import { t, tn } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { backKeyProps, onSubmitKey, submitKeyProps, TEXT_KEPT } from '@/components/common/useShortcut';
import { MAX_DETAILS_CHARS, MAX_QUESTION_CHARS } from '@/lib/contract/limits';

/** The share of the question's limit from which its count shows under the box. */
const COUNT_SHOWN_FROM = 0.8;

function buildRequest(draft: CallDraft, maxCents: number | null): CallRequest {
  const request: CallRequest = { agentId: draft.agentId, callId: draft.callId };
  // A follow-up (or a call started again in its session) goes into that session, preview and start alike.
  if (draft.sessionId) request.sessionId = draft.sessionId;
  if (draft.details.trim()) request.details = draft.details;
  if (draft.callId === 'question' && draft.question.trim()) request.question = draft.question;
  if (maxCents !== null) request.maxCents = maxCents;
  if (draft.subject) request.subject = draft.subject;
  return request;
}

interface Props {
  initial: CallDraft;
  onStarted: (localId: string) => void;
  onBack: () => void;
  /** A plan session was opened from here ("Plan it in a session first"); absent: the choice is not offered. */
  onSessionStarted?: (sessionId: string) => void;
}

function kindOf(draft: CallDraft): StartKind {
  if (draft.callId === 'question') return 'question';
  return draft.session ? 'session' : 'apply';
}

/** Choose what to start, read the preview, answer the fit question, type the request, start. */
export function PreviewView({ initial, onStarted, onBack, onSessionStarted }: Props) {
  const [draft, setDraftState] = useState<CallDraft>(initial);
  const files = useRef<CallFilesHandle | null>(null);
  const [chosen, setChosen] = useState<CallFilesSummary>({ count: 0, checking: false, refused: 0 });
  const [limitsOpen, setLimitsOpen] = useState(false);
  const connection = useLiveQuery((db) => getConnection(db), []);
  const offers = useOffers();
  const starter = useStartCall();
  const sessions = useStartSession();

  const setDraft = (next: CallDraft) => {
    setDraftState(next);
    void saveDraft(next);
  };

  const kind = kindOf(draft);
  const inSession = kind === 'session' && onSessionStarted !== undefined;
  const max = checkSpendAtMost(draft.maxDollars);
  const secretInText = hasSecretText(draft.details) || hasSecretText(draft.question);
  const typedText = draft.details.trim() !== '' || (draft.callId === 'question' && draft.question.trim() !== '');
  // Text that looks like it holds a secret stays on this machine, even for a preview.
  const safe = secretInText ? { ...draft, details: '', question: '' } : draft;
  const read = usePreviewRead(
    `${draft.agentId}\u0000${draft.callId}\u0000${draft.subject ?? ''}`,
    `${draft.details}\u0000${draft.question}\u0000${max.ok ? max.cents : ''}\u0000${secretInText}`,
    buildRequest(safe, max.ok ? max.cents : null),
  );
  const preview = read.preview;

  const conn = connection.value;
  const filesOn = conn?.me?.switches.files ?? conn?.switches.files ?? false;
  const filesOffBySite = isFilesSwitchedOff(starter.refusal);
  // Chosen files go with the call or the call does not start: nothing is dropped without the member knowing.
  const filesBlocked = !inSession && chosen.count > 0 && (!filesOn || filesOffBySite);
  // Said before the first call (the contract): here until the member has seen this line, then not again.
  const privacySeen =
    conn?.privacyLineShown === true &&
    preview !== null &&
    (conn.privacyLine ?? conn.me?.privacyLine) === preview.privacyLine;

  const fitPending = preview !== null && needsFitChoice(preview.fit) && draft.subject === null;
  const questionMissing = draft.callId === 'question' && !draft.question.trim();
  const tooLong = charCount(draft.details) > MAX_DETAILS_CHARS || charCount(draft.question) > MAX_QUESTION_CHARS;
  const refused = heldByRefusal(preview, inSession);
  // Details, files and "Spend at most" wait behind "More options" until the call needs them. Open by itself
  // when something there holds the start back (a gate listing missing details, a refusal, a secret, too many
  // characters, an amount that is not one, files that cannot go); otherwise as the member left it (kept with
  // the draft), and at first open when a restored draft has something there.
  const moreNeeded =
    (preview?.gate ? !preview.gate.ready : false) ||
    refused ||
    hasSecretText(draft.details) ||
    charCount(draft.details) > MAX_DETAILS_CHARS ||
    !max.ok ||
    chosen.refused > 0 ||
    filesBlocked;
  const moreOpen =
    moreNeeded ||
    inSession ||
    (draft.moreOptions ?? (draft.details !== '' || draft.maxDollars !== '' || chosen.count > 0));
  // Said once, under Details: the site is known not to offer the quote, or the preview on screen was read
  // for the text typed and could only judge the kind of call.
  const quoteUnavailable =
    offers.quoteCall === 'not_offered' ||
    (preview !== null && !read.requestChecked && typedText && read.settled && !secretInText);
  // Once, quietly, under the text the call is judged by: the question, or Details for an apply call.
  const quoteNote = quoteUnavailable ? (
    <p class="muted" role="note">
      {t('preview.notChecked')}
    </p>
  ) : null;
  const busy = starter.starting || sessions.opening;
  // A paid call waits for the preview of exactly what is on screen; opening a plan session (POST /sessions)
  // charges nothing.
  const paid = !inSession || sessions.byCall;
  const previewState = paid ? previewCheck(read) : 'not_needed';
  const blocks = startBlocks(
    inSession
      ? { busy, preview: previewState, maxInvalid: !max.ok, tooLong, secret: secretInText }
      : {
          busy,
          preview: previewState,
          maxInvalid: !max.ok,
          refused,
          fitPending,
          questionMissing,
          tooLong,
          secret: secretInText,
          filesChecking: chosen.checking,
          filesRefused: chosen.refused > 0,
          filesBlocked,
        },
  );
  const canStart = blocks.length === 0;

  const chooseKind = (next: StartKind) =>
    setDraft({
      ...draft,
      callId: next === 'question' ? 'question' : 'apply',
      session: next === 'session',
      subject: next === kind ? draft.subject : null,
    });

  const chooseFit = (answer: FitAnswer) => {
    if (answer.kind === 'subject') {
      setDraft({ ...draft, subject: answer.subject });
      return;
    }
    const other = preview?.fit.otherAgent;
    // Another agent is another session: the earlier call's session stays with its own agent.
    const { sessionId: _session, ...rest } = draft;
    if (other) setDraft({ ...rest, agentId: other.agentId, agentName: other.untrustedName, subject: null });
  };

  const openSession = async () => {
    if (!onSessionStarted) return;
    const opened = await sessions.open({
      agentId: draft.agentId,
      agentName: draft.agentName,
      details: draft.details,
      maxCents: max.ok ? max.cents : null,
    });
    if (!opened) return;
    await clearDraft();
    if ('sessionId' in opened) onSessionStarted(opened.sessionId);
    else onStarted(opened.localId);
  };

  const start = async (event: Event) => {
    event.preventDefault();
    if (!canStart || !max.ok) return;
    if (inSession) {
      await openSession();
      return;
    }
    const started = await starter.start(
      draft.intentId,
      buildRequest(draft, max.cents),
      { agentName: draft.agentName, callName: preview?.untrustedName ?? null },
      files,
      chosen.count > 0,
    );
    // Refused: the typed request stays, and starting it again (after a top-up, say) is a new call. Failed
    // without an answer (the background unreachable, a reply not read): the same intent goes again, so a call
    // that was stored and sent meanwhile is found, not made a second time.
    if (started === 'refused') setDraft({ ...draft, intentId: newIntentId() });
    if (started !== 'started') return;
    await clearDraft();
    onStarted(draft.intentId);
  };

  // Ctrl/⌘+Enter presses "Start" only when a click could (the same rule: never while the preview on screen
  // is still being read for what was typed, or its read failed): the member starts what they have seen.
  const startByKey = onSubmitKey(() => {
    if (canStart) void start(new Event('submit', { cancelable: true }));
  });

  // A question's count is said once it nears the limit: a short question needs no count under it.
  const countShown = charCount(draft.question) >= MAX_QUESTION_CHARS * COUNT_SHOWN_FROM;
  const hold = holdLabel(preview);
  const submitLabel = busy
    ? inSession && !sessions.byCall
      ? t('preview.opening')
      : t('preview.starting')
    : inSession && !sessions.byCall
      ? t('preview.openSession')
      : paid && hold
        ? // The button that starts a paid call names what the preview on screen holds.
          t('money.startHolds', hold)
        : t('preview.start');

  return (
    // What is typed here is kept as the draft at each change, so Escape may leave from any field.
    <section aria-labelledby="call-title" {...TEXT_KEPT}>
      <button type="button" class="link-like" onClick={onBack} {...backKeyProps()}>
        {t('preview.back')}
      </button>
      <ViewHeading id="call-title">
        <Message
          id="preview.heading"
          parts={{ agent: <UntrustedText value={draft.agentName} empty={t('preview.thisAgent')} name /> }}
        />
      </ViewHeading>
      {draft.sessionId ? <p class="muted">{t('preview.sameSession')}</p> : null}
      {/* Busy while the preview is not yet read for the kind and text on screen (a pause in typing reads it again). */}
      <form onSubmit={start} onKeyDown={startByKey} aria-label={t('preview.formLabel')} aria-busy={!read.settled}>
        <StartKindChoice
          kind={kind}
          onChoose={chooseKind}
          sessionOffered={onSessionStarted !== undefined}
          sessionByCall={sessions.byCall}
        />
        {draft.callId === 'question' ? (
          <>
            <label for="call-question">{t('preview.question')}</label>
            <textarea
              dir="auto"
              id="call-question"
              rows={3}
              value={draft.question}
              onInput={(e) => setDraft({ ...draft, question: e.currentTarget.value })}
              aria-describedby={countShown ? 'call-question-count' : undefined}
            />
            {countShown ? (
              <p id="call-question-count" class="muted field-hint">
                {t('preview.charsOf', {
                  count: formatCount(charCount(draft.question)),
                  max: formatCount(MAX_QUESTION_CHARS),
                })}
              </p>
            ) : null}
            {quoteNote}
            <SecretWarning text={draft.question} />
          </>
        ) : null}
        {read.loading && !preview ? <p role="status">{t('preview.reading')}</p> : null}
        {read.error ? <CheckFailed error={read.error} onRetry={read.again} /> : null}
        {preview ? <PreviewDetails preview={preview} /> : null}
        {preview && !inSession ? (
          <FitChoiceView
            fit={preview.fit}
            agentName={draft.agentName}
            subject={draft.subject}
            onChoose={chooseFit}
            requestNotChecked={offers.quoteCall === 'not_offered'}
          />
        ) : null}
        {fitPending && !inSession ? <p class="notice">{t('preview.chooseFitFirst')}</p> : null}
        {questionMissing ? <p class="muted">{t('preview.typeQuestion')}</p> : null}
        {tooLong ? <p class="error-text">{t('preview.tooLong')}</p> : null}
        {refused ? (
          <p class="notice">
            {t('preview.refusedHold')}{' '}
            <button type="button" class="secondary" onClick={read.again} disabled={read.loading}>
              {t('preview.checkAgain')}
            </button>
          </p>
        ) : null}
        {/* POST /sessions failed at this click: nothing started; the next click starts the charged first call. */}
        {inSession && sessions.turnedByCall ? (
          <p class="notice" role="status">
            {t('preview.sessionByCallNow', { start: submitLabel })}
          </p>
        ) : null}
        <button type="submit" disabled={!canStart} {...submitKeyProps()}>
          {submitLabel}
        </button>
        <Disclosure
          label={t('preview.moreOptions')}
          open={moreOpen}
          onToggle={(open) => setDraft({ ...draft, moreOptions: open })}
        >
          <label for="call-details">
            {draft.callId === 'question' ? t('preview.detailsOptional') : t('preview.details')}
          </label>
          <textarea
            dir="auto"
            id="call-details"
            rows={6}
            value={draft.details}
            onInput={(e) => setDraft({ ...draft, details: e.currentTarget.value })}
            aria-describedby="call-details-hint"
          />
          <p id="call-details-hint" class="muted field-hint">
            {t('preview.detailsHint', {
              count: formatCount(charCount(draft.details)),
              max: formatCount(MAX_DETAILS_CHARS),
            })}
          </p>
          {draft.callId === 'question' ? null : quoteNote}
          <SecretWarning text={draft.details} />
          {inSession ? null : (
            <LazyCallFiles
              filesSwitchOn={filesOn}
              switchedOffBySite={filesOffBySite}
              handle={files}
              onSummary={setChosen}
            />
          )}
          {filesBlocked ? (
            <p class="notice">
              {tn('preview.filesOff', chosen.count)}{' '}
              <button type="button" class="secondary" onClick={() => files.current?.clear()}>
                {t('preview.removeFiles')}
              </button>
            </p>
          ) : null}
          <SpendAtMost
            id="call-max"
            value={draft.maxDollars}
            onInput={(maxDollars) => setDraft({ ...draft, maxDollars })}
          />
        </Disclosure>
        {preview ? (
          <>
            <Disclosure label={t('preview.limitsToday')} open={limitsOpen} onToggle={setLimitsOpen}>
              <PreviewLimits preview={preview} />
            </Disclosure>
            {privacySeen ? null : <PrivacyLine preview={preview} />}
          </>
        ) : null}
      </form>
      {sessions.error ? (
        <ErrorNotice
          error={sessions.error}
          title={sessions.error.code === 'not_offered_here' ? t('preview.nothingStarted') : t('preview.noSession')}
        />
      ) : null}
      {starter.refusal ? <RefusalView error={starter.refusal} approvalLine={preview?.approvalLine ?? null} /> : null}
    </section>
  );
}
