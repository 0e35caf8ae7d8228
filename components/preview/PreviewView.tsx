import { useEffect, useRef, useState } from 'preact/hooks';
import type { Preview } from '@/lib/api/schemas';
import { getCall, getConnection } from '@/lib/db/queries';
import type { MemberError } from '@/lib/db/types';
import { charCount } from '@/lib/format/chars';
import { dollarsToCents } from '@/lib/format/money';
import type { CallRequest } from '@/lib/api/request-schemas';
import { DETAILS_MAX, QUESTION_MAX } from '@/lib/sessions/limits';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import type { CallFilesHandle, CallFilesSummary } from '@/components/files/CallFiles';
import { LazyCallFiles } from '@/components/files/LazyCallFiles';
import { isFilesSwitchedOff } from '@/components/files/switched-off';
import { hasSecretText, SecretWarning } from '@/components/common/SecretWarning';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { useOffers } from '@/components/common/useOffers';
import { UntrustedText } from '@/components/common/UntrustedText';
import { RefusalView } from '@/components/refusal/RefusalView';
import { type CallDraft, type CallKind, clearDraft, newIntentId, saveDraft } from './draft';
import { type FitAnswer, FitChoiceView, needsFitChoice } from './FitChoiceView';
import { PreviewDetails, PreviewLimits, PrivacyLine } from './PreviewDetails';
import { Disclosure } from '@/components/common/Disclosure';
import { StartSessionButtons } from '@/components/sessions/StartSessionButtons';
import { ViewHeading } from '@/components/common/ViewHeading';
import { formatCount } from '@/lib/format/count';
import { t, tn } from '@/lib/i18n';
import { Message } from '@/components/common/Message';

// Typing pauses this long before the preview is read again with the text (POST /calls/quote, G14).
const REPREVIEW_MS = 800;

type MaxCheck = { ok: true; cents: number | null } | { ok: false };

function checkMax(input: string): MaxCheck {
  if (!input.trim()) return { ok: true, cents: null };
  const cents = dollarsToCents(input);
  return cents === null ? { ok: false } : { ok: true, cents };
}

function buildRequest(draft: CallDraft, maxCents: number | null): CallRequest {
  const request: CallRequest = { agentId: draft.agentId, callId: draft.callId };
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
  /** A session was opened from here ("Plan my project" or "Ask a question"). */
  onSessionStarted?: (sessionId: string) => void;
}

/** Choose the kind of call, read the preview, answer the fit question, type the request, start. */
export function PreviewView({ initial, onStarted, onBack, onSessionStarted }: Props) {
  const actions = useActions();
  const [draft, setDraftState] = useState<CallDraft>(initial);
  const [preview, setPreview] = useState<Preview | null>(null);
  // Whether the preview judged the typed request (false: the kind of call only, e.g. a site without the quote),
  // and the text it was read for: the note speaks only of a preview read for the text on screen.
  const [requestChecked, setRequestChecked] = useState(false);
  const [previewKey, setPreviewKey] = useState<string | null>(null);
  // The text the latest read answered for, whatever it said: until it is the text on screen, the preview is busy.
  const [readFor, setReadFor] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<MemberError | null>(null);
  const [loading, setLoading] = useState(false);
  const [startError, setStartError] = useState<MemberError | null>(null);
  const [starting, setStarting] = useState(false);
  const [lastLocalId, setLastLocalId] = useState<string | null>(null);
  const requestSeq = useRef(0);
  const files = useRef<CallFilesHandle | null>(null);
  const [chosen, setChosen] = useState<CallFilesSummary>({ count: 0, checking: false, refused: 0 });
  const [limitsOpen, setLimitsOpen] = useState(false);
  const connection = useLiveQuery((db) => getConnection(db), []);
  const offers = useOffers();

  const setDraft = (next: CallDraft) => {
    setDraftState(next);
    void saveDraft(next);
  };

  const max = checkMax(draft.maxDollars);
  const secretInText = hasSecretText(draft.details) || hasSecretText(draft.question);
  const typedText = draft.details.trim() !== '' || (draft.callId === 'question' && draft.question.trim() !== '');

  // Read the preview: at once for a new agent or kind, after a pause while the member types.
  const textKey = `${draft.details}\u0000${draft.question}\u0000${max.ok ? max.cents : ''}`;
  const previousText = useRef(textKey);
  useEffect(() => {
    const isTextChange = previousText.current !== textKey;
    previousText.current = textKey;
    const seq = ++requestSeq.current;
    const key = textKey;
    const run = async () => {
      setLoading(true);
      // Text that looks like it holds a secret stays on this machine, even for a preview.
      const safe = secretInText ? { ...draft, details: '', question: '' } : draft;
      const result = await actions.send('preview', buildRequest(safe, max.ok ? max.cents : null));
      if (seq !== requestSeq.current) return;
      setLoading(false);
      setReadFor(key);
      if (result.ok) {
        setPreview(result.value.preview);
        setRequestChecked(result.value.requestChecked);
        setPreviewKey(key);
        setPreviewError(null);
      } else {
        // Never an old preview under a new request: the member reads the error instead.
        setPreview(null);
        setPreviewError(result.error);
      }
    };
    const timer = setTimeout(run, isTextChange ? REPREVIEW_MS : 0);
    return () => clearTimeout(timer);
  }, [draft.agentId, draft.callId, draft.subject, textKey, secretInText]);

  // A call that the site refused after the reply (or that this view started) shows its refusal here.
  const lastCall = useLiveQuery(
    async (db) => (lastLocalId ? ((await getCall(db, lastLocalId)) ?? null) : null),
    [lastLocalId],
  );
  const refusal = startError ?? (lastCall.value?.state === 'refused' ? lastCall.value.error : null);

  const conn = connection.value;
  const filesOn = conn?.me?.switches.files ?? conn?.switches.files ?? false;
  const filesOffBySite = isFilesSwitchedOff(refusal);
  // Chosen files go with the call or the call does not start: nothing is dropped without the member knowing.
  const filesBlocked = chosen.count > 0 && (!filesOn || filesOffBySite);

  const fitPending = preview !== null && needsFitChoice(preview.fit) && draft.subject === null;
  const questionMissing = draft.callId === 'question' && !draft.question.trim();
  const tooLong = charCount(draft.details) > DETAILS_MAX || charCount(draft.question) > QUESTION_MAX;
  // Details, files and "Spend at most" wait behind "More options" until the call needs them. Open by itself
  // when something there holds the start back (a gate listing missing details, a secret, too many
  // characters, an amount that is not one, files that cannot go); otherwise as the member left it (kept with
  // the draft), and at first open when a restored draft has something there.
  const moreNeeded =
    (preview?.gate ? !preview.gate.ready : false) ||
    hasSecretText(draft.details) ||
    charCount(draft.details) > DETAILS_MAX ||
    !max.ok ||
    chosen.refused > 0 ||
    filesBlocked;
  const moreOpen =
    moreNeeded || (draft.moreOptions ?? (draft.details !== '' || draft.maxDollars !== '' || chosen.count > 0));
  // Said once, under Details: the site is known not to offer the quote, or the preview on screen was read
  // for the text typed and could only judge the kind of call.
  const quoteUnavailable =
    offers.quoteCall === 'not_offered' ||
    (preview !== null && !requestChecked && typedText && previewKey === textKey && !secretInText);
  // Once, quietly, under the text the call is judged by: the question, or Details for an apply call.
  const quoteNote = quoteUnavailable ? (
    <p class="muted" role="note">
      {t('preview.notChecked')}
    </p>
  ) : null;
  const canStart =
    !starting &&
    max.ok &&
    !fitPending &&
    !questionMissing &&
    !tooLong &&
    !secretInText &&
    !chosen.checking &&
    chosen.refused === 0 &&
    !filesBlocked;

  const chooseFit = (answer: FitAnswer) => {
    if (answer.kind === 'subject') {
      setDraft({ ...draft, subject: answer.subject });
      return;
    }
    const other = preview?.fit.otherAgent;
    if (other) setDraft({ ...draft, agentId: other.agentId, agentName: other.untrustedName, subject: null });
  };

  const start = async (event: Event) => {
    event.preventDefault();
    if (!canStart || !max.ok) return;
    setStartError(null);
    setStarting(true);
    const request = buildRequest(draft, max.cents);
    if (chosen.count > 0 && files.current) {
      // Each file goes up once (POST /files); the call then names them, and the background stores the
      // request with its fileIds and Idempotency-Key before POST /calls, so a resend never uploads again.
      const up = await files.current.upload();
      if (!up.ok) {
        setStarting(false);
        setStartError(up.error);
        return;
      }
      request.fileIds = up.fileIds;
    }
    // The draft's intent is the call's localId: the same intent started twice (two windows) is one call.
    const localId = draft.intentId;
    setLastLocalId(localId);
    const result = await actions.send('startCall', {
      localId,
      request,
      agentName: draft.agentName,
      callName: preview?.untrustedName ?? null,
    });
    setStarting(false);
    if (!result.ok || result.value.state === 'refused') {
      // Refused: the typed request stays, and starting it again (after a top-up, say) is a new call.
      setDraft({ ...draft, intentId: newIntentId() });
      if (!result.ok) setStartError(result.error);
      return;
    }
    await clearDraft();
    onStarted(result.value.localId);
  };

  return (
    <section aria-labelledby="call-title">
      <button type="button" class="link-like" onClick={onBack}>
        {t('preview.back')}
      </button>
      <ViewHeading id="call-title">
        <Message
          id="preview.heading"
          parts={{ agent: <UntrustedText value={draft.agentName} empty={t('preview.thisAgent')} name /> }}
        />
      </ViewHeading>
      {/* Busy while the preview is not yet read for the text on screen (a pause in typing reads it again). */}
      <form onSubmit={start} aria-label={t('preview.formLabel')} aria-busy={readFor !== textKey}>
        <fieldset>
          <legend>{t('preview.kind')}</legend>
          <KindRadio value="apply" draft={draft} setDraft={setDraft} label={t('preview.kindApply')} />
          <KindRadio value="question" draft={draft} setDraft={setDraft} label={t('preview.kindQuestion')} />
        </fieldset>
        {loading && !preview ? <p role="status">{t('preview.reading')}</p> : null}
        {previewError ? <ErrorNotice error={previewError} title={t('preview.noPreview')} /> : null}
        {preview ? <PreviewDetails preview={preview} /> : null}
        {preview ? (
          <FitChoiceView
            fit={preview.fit}
            agentName={draft.agentName}
            subject={draft.subject}
            onChoose={chooseFit}
            requestNotChecked={offers.quoteCall === 'not_offered'}
          />
        ) : null}
        {draft.callId === 'question' ? (
          <>
            <label for="call-question">{t('preview.question')}</label>
            <textarea
              id="call-question"
              rows={4}
              value={draft.question}
              onInput={(e) => setDraft({ ...draft, question: e.currentTarget.value })}
              aria-describedby="call-question-count"
            />
            <p id="call-question-count" class="muted">
              {t('preview.charsOf', { count: formatCount(charCount(draft.question)), max: formatCount(QUESTION_MAX) })}
            </p>
            {quoteNote}
            <SecretWarning text={draft.question} />
          </>
        ) : null}
        {fitPending ? <p class="notice">{t('preview.chooseFitFirst')}</p> : null}
        {questionMissing ? <p class="muted">{t('preview.typeQuestion')}</p> : null}
        {tooLong ? <p class="error-text">{t('preview.tooLong')}</p> : null}
        <button type="submit" disabled={!canStart}>
          {starting ? t('preview.starting') : t('preview.start')}
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
            id="call-details"
            rows={6}
            value={draft.details}
            onInput={(e) => setDraft({ ...draft, details: e.currentTarget.value })}
            aria-describedby="call-details-hint"
          />
          <p id="call-details-hint" class="muted">
            {t('preview.detailsHint', { count: formatCount(charCount(draft.details)), max: formatCount(DETAILS_MAX) })}
          </p>
          {draft.callId === 'question' ? null : quoteNote}
          <SecretWarning text={draft.details} />
          <LazyCallFiles
            filesSwitchOn={filesOn}
            switchedOffBySite={filesOffBySite}
            handle={files}
            onSummary={setChosen}
          />
          {filesBlocked ? (
            <p class="notice">
              {tn('preview.filesOff', chosen.count)}{' '}
              <button type="button" class="secondary" onClick={() => files.current?.clear()}>
                {t('preview.removeFiles')}
              </button>
            </p>
          ) : null}
          <label for="call-max">{t('preview.maxLabel')}</label>
          <input
            id="call-max"
            type="text"
            inputMode="decimal"
            placeholder={t('preview.maxPlaceholder')}
            value={draft.maxDollars}
            onInput={(e) => setDraft({ ...draft, maxDollars: e.currentTarget.value })}
            aria-invalid={!max.ok}
            aria-describedby="call-max-hint"
          />
          <p id="call-max-hint" class={max.ok ? 'muted' : 'error-text'}>
            {max.ok ? t('preview.maxHint') : t('preview.maxInvalid')}
          </p>
        </Disclosure>
        {preview ? (
          <>
            <Disclosure label={t('preview.limitsToday')} open={limitsOpen} onToggle={setLimitsOpen}>
              <PreviewLimits preview={preview} />
            </Disclosure>
            <PrivacyLine preview={preview} />
          </>
        ) : null}
      </form>
      {refusal ? <RefusalView error={refusal} approvalLine={preview?.approvalLine ?? null} /> : null}
      {onSessionStarted ? (
        <StartSessionButtons
          agentId={draft.agentId}
          agentName={draft.agentName}
          details={draft.details}
          question={draft.callId === 'question' ? draft.question : ''}
          maxCents={max.ok ? max.cents : null}
          blocked={secretInText || !max.ok}
          onStarted={(sessionId) => {
            void clearDraft();
            onSessionStarted(sessionId);
          }}
          onCallStarted={(localId) => {
            void clearDraft();
            onStarted(localId);
          }}
        />
      ) : null}
    </section>
  );
}

function KindRadio({
  value,
  draft,
  setDraft,
  label,
}: {
  value: CallKind;
  draft: CallDraft;
  setDraft: (d: CallDraft) => void;
  label: string;
}) {
  return (
    <label>
      <input
        type="radio"
        name="call-kind"
        value={value}
        checked={draft.callId === value}
        onChange={() => setDraft({ ...draft, callId: value, subject: null })}
      />
      {label}
    </label>
  );
}
