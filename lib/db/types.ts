/**
 * Row types of the extension's IndexedDB. The background is the only writer; the side panel and the options
 * page read these rows through liveQuery. API answers are stored as the client parsed them (lib/api/schemas),
 * so nothing here needs parsing again before it is shown.
 *
 * The connection key is never in any of these rows: it lives only in browser.storage.local (background).
 */
import type { ApiMissingDetail, ApiProblem, NextStep } from '@/lib/api/errors';
import type {
  AgentCard,
  ApprovalReason,
  CallResult,
  Connection,
  Finding,
  Plan,
  ReportAnswer,
  ReportReasonKind,
  ReportVerdict,
  Session,
  ShareDraft,
  SharedProjectsAnswer,
  Switches,
  Today,
  Tolerant,
} from '@/lib/api/schemas';
import type { StartCallRequest, UntrustedText } from '@/lib/api/request-schemas';
import type { CapabilityRecord } from '@/lib/api/capabilities';
import type { AnswerDraft } from '@/lib/sessions/answer-draft';

/** ISO 8601 date-time string. */
type IsoTime = string;
/** Milliseconds since the epoch (used for scheduling, compared with Date.now()). */
type EpochMs = number;

/** Fields an API refusal may carry (G1), kept so the panel can show what is missing or where to go. */
export interface MemberErrorExtras {
  fields?: string[];
  problems?: ApiProblem[];
  missing?: ApiMissingDetail[];
  approvalId?: string;
  approvalUrl?: string;
  topUpUrl?: string;
  reason?: string;
  until?: string;
  retryAfterSeconds?: number;
  /** A local refusal by the secret guard: what it found, as short labels (never the secret itself). */
  found?: string[];
  /** For a code the extension does not know: the site's own `message`, shown as the site sent it (text only). */
  siteMessage?: string;
}

/**
 * An error as the member reads it: a stable code (the API's code, or a local one), a sentence in the
 * member's words, and what to do next (lib/api/errors' NextStep: top up, approve, wait, reconnect...).
 * Also the error of a command reply (lib/protocol).
 */
export interface MemberError {
  code: string;
  message: string;
  nextStep?: NextStep;
  /** HTTP status when the site answered; absent for local refusals and network failures. */
  status?: number;
  extras: MemberErrorExtras;
}

// ---------------------------------------------------------------------------------------------------
// connection: one row, id 'current'
// ---------------------------------------------------------------------------------------------------

type ConnectionStatus = 'connected' | 'revoked' | 'disconnected';

export interface ConnectionRow {
  id: 'current';
  /** The site's address as the member entered it, reduced to its origin (G17): the API is at {origin}/api/v1. */
  siteUrl: string;
  origin: string;
  connectionId: string;
  name: string;
  /** Set for a session-scoped key: the connection reaches only this session. */
  sessionId: string | null;
  /** Switches from the claim answer; `me.switches` is fresher once GET /me was read. */
  switches: Switches;
  /** Settings the connector still needs (claim answer), each with the question to ask the member. */
  env: { variable: string; ask: string }[];
  /** The last GET /me answer, null until read. */
  me: Connection | null;
  meAt: IsoTime | null;
  /** Who receives a call's details, as the site states it (GET /me, or the first call's 202). */
  privacyLine: string | null;
  /** Whether the panel has shown the privacy line prominently once (command markPrivacyLineShown). */
  privacyLineShown: boolean;
  status: ConnectionStatus;
  connectedAt: IsoTime;
  statusAt: IsoTime;
  /** The last failure reading GET /me, null after a good read. */
  error: MemberError | null;
}

// ---------------------------------------------------------------------------------------------------
// finds
// ---------------------------------------------------------------------------------------------------

export type FindSource = 'panel' | 'menu' | 'shortcut';
type FindStatus = 'running' | 'done' | 'refused' | 'failed';

export interface FindRow {
  /** Auto-increment key. */
  id?: number;
  /** Random id given when the find began; the menu and shortcut put it in storage.session with the text. */
  requestId: string;
  /** The text sent (trimmed, at most 2000 characters). */
  text: string;
  /** The selection was longer than 2000 characters and was cut on a word boundary: tell the member. */
  cut: boolean;
  source: FindSource;
  status: FindStatus;
  /** Agent cards, best match first; empty until done. */
  agents: AgentCard[];
  /** Why it was refused or failed (too short, secret found, site refused, offline). */
  error: MemberError | null;
  at: IsoTime;
  doneAt: IsoTime | null;
}

// ---------------------------------------------------------------------------------------------------
// calls: the outbox and every call's life
// ---------------------------------------------------------------------------------------------------

/**
 * - outbox: written, not sent yet (also where a call goes back to after a worker restart mid-send)
 * - sending: POST /calls in flight
 * - unsent: the network failed several times; retryCall resends with the same Idempotency-Key
 * - needs_approval: waiting for the member's approval (see the approvals row); resent by the background
 * - started: 202 received; polled until it ends
 * - finished: the result ended (passed, failed or returned); see `result`
 * - refused: the site refused it; `error` says why and what to do
 * - declined / expired: the member declined the approval, or its 30 minutes passed
 */
export const CALL_STATES = [
  'outbox',
  'sending',
  'unsent',
  'needs_approval',
  'started',
  'finished',
  'refused',
  'declined',
  'expired',
] as const;
export type CallState = (typeof CALL_STATES)[number];

interface CallStop {
  idempotencyKey: string;
  requestedAt: IsoTime;
  /** When this key was first sent (absent on rows from before it was kept: read as `requestedAt`). */
  firstRequestedAt?: IsoTime;
  /** 200 stopped: true. */
  done: boolean;
  error: MemberError | null;
}

interface CallReport {
  idempotencyKey: string;
  verdict: ReportVerdict;
  reasonKind: ReportReasonKind | null;
  reason: string | null;
  requestedAt: IsoTime;
  /** When this key was first sent (absent on rows from before it was kept: read as `requestedAt`). */
  firstRequestedAt?: IsoTime;
  /** What the site recorded (the first report stands), null until answered. */
  recorded: ReportAnswer | null;
  error: MemberError | null;
}

export interface CallRow {
  /** Chosen once per click (by the panel, or by the background), the row's key. */
  localId: string;
  /** Connection the call was made through; a later connection never polls it. */
  connectionId: string;
  /** The exact POST /calls body, without approvalId. */
  request: StartCallRequest;
  /** Idempotency-Key of the current intent, stored before the request is sent; reused on every retry. */
  idempotencyKey: string;
  /** Set when resending an approved call: sent with the request as approvalId. */
  approvalId: string | null;
  /** Names to show before the result arrives, as the panel had them (untrusted). */
  agentName: UntrustedText | null;
  callName: UntrustedText | null;
  state: CallState;
  /** Send attempts of the current intent. */
  attempts: number;
  /**
   * When the current key first went out, null until it has (issue 41): past lib/api/idempotency's
   * SAME_KEY_RESEND_MS it is never sent again on its own. Absent on rows from before it was kept (read as
   * `createdAt`, which is never later).
   */
  firstSentAt?: IsoTime | null;
  /** The worker that claimed the row for sending (`sending` only): a later worker's start recovers only others'. */
  sendingBy?: string | null;
  /** When to try sending again after a network failure (outbox), null otherwise. */
  nextSendAt: EpochMs | null;
  runId: string | null;
  sessionId: string | null;
  holdCents: number | null;
  spendableAfterCents: number | null;
  /** The privacy line the 202 carried (first call through a connection): show it. */
  privacyLine: string | null;
  today: Today | null;
  /** The last GET /calls/{runId} (or session results) answer. */
  result: CallResult | null;
  /** When `result` was read: its file links are good for 300 s from then. Added in version 2. */
  resultReadAt: IsoTime | null;
  /** The refusal or failure to show, null when none. */
  error: MemberError | null;
  stop: CallStop | null;
  report: CallReport | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
  sentAt: IsoTime | null;
  startedAt: IsoTime | null;
  finishedAt: IsoTime | null;
  /** When the poller reads this call next, null when it is not polled. */
  nextPollAt: EpochMs | null;
  /** Polls made since it started (drives the backoff). */
  polls: number;
  /**
   * How long calls to this agent and call ran lately (lib/schedule expectedRunMs), learned when it started:
   * reads are spaced out until then. Absent on rows from before it was kept.
   */
  expectedRunMs?: number | null;
}

// ---------------------------------------------------------------------------------------------------
// sessions, approvals, findings
// ---------------------------------------------------------------------------------------------------

export interface SessionRow {
  sessionId: string;
  session: Session;
  readAt: IsoTime;
  /**
   * What the session is listed by, newest first: its last call, or when it was read if it has none, in UTC
   * (the service may write a time with another zone, and the index orders the text). Made by sessionRow().
   */
  listedAt: IsoTime;
}

/**
 * - pending: waiting for the member on the site; checked and resent by the background
 * - ran: the approved request was accepted (202); the call row is started
 * - declined, expired: tell the member which
 * - refused: the resend was refused for another reason, or the member connected elsewhere since (the call
 *   row's error says why)
 */
type ApprovalRowStatus = 'pending' | 'ran' | 'declined' | 'expired' | 'refused';

export interface ApprovalRow {
  approvalId: string;
  /** The call waiting for it. */
  localId: string;
  /**
   * The connection the call was refused through: only that connection checks or resends it. Absent on rows
   * from before it was kept, which go by their call row's connectionId.
   */
  connectionId?: string;
  /** The member's approval page (site origin only, G15). */
  approvalUrl: string;
  reason: Tolerant<ApprovalReason> | null;
  /** The exact request the approval is for (without approvalId). */
  request: StartCallRequest;
  /** 30 minutes from the refusal (or as the site says). */
  expiresAt: IsoTime;
  status: ApprovalRowStatus;
  /** The site's status from the last GET /approvals/{id}, when read. */
  siteStatus: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
  /** When the background checks or resends next. */
  nextCheckAt: EpochMs;
  checks: number;
  /**
   * Version 4. The last time the member came back from the approval page (its tab closed, the panel or a
   * browser window focused again, "I approved it"): a reason to resend when the site cannot show the approval.
   */
  cameBackAt: EpochMs | null;
  /** Resends with approvalId so far, and when the last went out (the backoff between them doubles from 15 s). */
  resends: number;
  lastResendAt: EpochMs | null;
  /** The browser tab the member opened the approval page in, from the panel (closing it means they came back). */
  pageTabId: number | null;
}

/** Version 4: whether the site at `origin` answered an endpoint named without a shape (lib/api/capabilities). */
export type CapabilityRow = CapabilityRecord;

export interface FindingRow {
  findingId: string;
  finding: Finding;
  readAt: IsoTime;
}

/** A result file download started through the extension: counted against the 20 MB a day (version 2). */
export interface DownloadRow {
  id?: number;
  localId: string;
  fileId: string;
  bytes: number;
  at: EpochMs;
}

// ---------------------------------------------------------------------------------------------------
// notifications ledger, ui
// ---------------------------------------------------------------------------------------------------

export type NotificationKind =
  | 'call_finished'
  | 'approval_needed'
  | 'approval_outcome'
  // Version 3: a findings draft newly waiting for sign-off, and its reminder before it expires.
  | 'findings_draft_waiting'
  | 'findings_draft_expiring';

export interface NotificationRow {
  /** One event, e.g. `call:<runId>:finished` or `approval:<approvalId>:needed`. */
  eventKey: string;
  notificationId: string;
  kind: NotificationKind;
  localId: string | null;
  /** For an approval: the page a click opens. */
  url: string | null;
  raisedAt: IsoTime;
  /**
   * When it was told (shown, or held for the minute's summary; switched off or quiet: when stored). Null: a
   * worker stored it and stopped before telling it, and the next raise of the event tells it. Absent on rows
   * stored before this field existed: those were told.
   */
  toldAt?: IsoTime | null;
  clickedAt: IsoTime | null;
}

/** The background's own state the panel shows: offline, an error, the site's request pace. */
export interface BackgroundStatusRow {
  key: 'background';
  offline: boolean;
  offlineSince: IsoTime | null;
  /** The last error the badge shows, cleared by the next good answer. */
  error: MemberError | null;
  /** 429 rate_limited: no request before this time. */
  pausedUntil: EpochMs | null;
  updatedAt: IsoTime;
}

export type UiRow = BackgroundStatusRow;

// ---------------------------------------------------------------------------------------------------
// version 3: drafts, plans, settings, sharing
// ---------------------------------------------------------------------------------------------------

/** One question's answer as the member is writing it (key [sessionId+key]); deleted once sent. */
export interface AnswerDraftRow {
  sessionId: string;
  /** The question's key. */
  key: string;
  draft: AnswerDraft;
  /** What the site said of this answer when it was last sent (400 invalid_answers); cleared by an edit. */
  siteProblem: string | null;
  updatedAt: IsoTime;
}

/** Free text the member is writing, e.g. `revise:<sessionId>` (what to change in the plan). */
export interface TextDraftRow {
  id: string;
  text: string;
  updatedAt: IsoTime;
}

/** The last GET /sessions/{id}/plan answer (null: the session has no plan yet). */
export interface PlanRow {
  sessionId: string;
  plan: Plan | null;
  readAt: IsoTime;
}

/** Which events raise a notification (options page). */
export interface NotifySettings {
  callFinished: boolean;
  approvals: boolean;
  /** A draft newly waiting for the member's sign-off. */
  findingsSignOff: boolean;
  /** A reminder before a draft expires. */
  findingsReminder: boolean;
}

/** The options page's settings, each stored as its own row (key → value). */
export interface Settings {
  notify: NotifySettings;
  /** How many days before a draft expires the reminder comes; null for no reminder. */
  reminderDaysBefore: number | null;
  /** Cached results beyond this are pruned (lib/storage/pruning). */
  retention: { maxAgeDays: number | null; maxCount: number | null };
  /**
   * Keep the connection's key in storage.session (memory, gone when the browser closes: the member connects
   * again after a restart) instead of storage.local. Calls and history stay either way.
   */
  keyUntilBrowserCloses: boolean;
  /** Quiet: no notification at all (the ledger still records each event, so none is raised later). */
  quiet: boolean;
  /**
   * Find lists the member's recent searches and the agents they called. Off: neither is shown, and the finds
   * table keeps only the latest find (the one Find shows).
   */
  rememberSearches: boolean;
}

export type SettingKey = keyof Settings;

export type SettingsRow = { [K in SettingKey]: { key: K; value: Settings[K] } }[SettingKey];

/** A share draft as the site last described it (files and sharing). */
export interface ShareRow {
  draftId: string;
  draft: ShareDraft;
  readAt: IsoTime;
  /** Reads since the draft began waiting for sign-off (drives the polling pace); absent when not polled. */
  checks?: number;
  /** When the background reads a waiting draft next; null or absent when it is not polled. */
  nextCheckAt?: EpochMs | null;
}

type SharedProject = SharedProjectsAnswer['projects'][number];

/** A project the member shared, from GET /shared-projects. */
export interface SharedProjectRow {
  projectId: string;
  project: SharedProject;
  readAt: IsoTime;
}
