/**
 * The one protocol between the extension's pages (side panel, options) and the background.
 *
 * Commands go down, data comes up through IndexedDB (lib/db): most replies are small (an id, a state) and
 * the panel renders the rows through liveQuery. Each command has a zod schema for its payload and its reply;
 * both ends check them. The background accepts commands only from this extension's own pages.
 *
 * zod/mini keeps this file small in the panel's bundle; the background parses every API answer with the full
 * schemas before storing or replying, so reply values that carry API objects are checked only for shape here.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import type { NextStep } from '@/lib/api/errors';
import type { CoverageAnswer, Preview, ReportAnswer } from '@/lib/api/schemas';
import { CALL_STATES, type MemberError, type MemberErrorExtras } from '@/lib/db/types';
import { t } from '@/lib/i18n';

const ENVELOPE_TYPE = 'agent-connection/command@1';

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

const str = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const id = () => str(1, 64);
const Empty = z.object({});
const UntrustedText = z.object({ untrustedText: z.string(), truncated: z.boolean() });

const CallStateSchema = z.enum(CALL_STATES);

const AnswerInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('option'), optionKeys: z.array(z.string()) }),
  z.object({ kind: z.literal('own'), own: str(0, 2000) }),
  z.object({ kind: z.literal('left_to_agent') }),
]);

/**
 * The fields of a POST /calls body the member chooses (the contract's limits; the background checks the
 * whole body again with lib/api's StartCallRequestSchema). approvalId is the background's own business.
 */
const CallRequest = z.object({
  agentId: id(),
  callId: id(),
  sessionId: z.optional(z.nullable(id())),
  details: z.optional(str(0, 20000)),
  question: z.optional(z.nullable(str(0, 4000))),
  fileIds: z.optional(z.array(str(1, 256)).check(z.maxLength(6))),
  maxCents: z.optional(z.nullable(z.int().check(z.minimum(1)))),
  answers: z.optional(z.nullable(z.record(z.string(), AnswerInput))),
  subject: z.optional(z.nullable(z.enum(['ask_anyway', 'new_agent']))),
  fromAsk: z.optional(z.nullable(id())),
});
export type CallRequestPayload = z.infer<typeof CallRequest>;

function command<P extends z.ZodMiniType, R extends z.ZodMiniType>(payload: P, reply: R) {
  return { payload, reply };
}

const COMMANDS = {
  /** Claim a connect code for the site at siteUrl. The panel asks for the site's origin permission first. */
  connect: command(
    z.object({ siteUrl: str(1, 2048), code: str(1, 100) }),
    z.object({ connectionId: z.string(), name: z.string(), sessionId: z.nullable(z.string()) }),
  ),
  /** Forget the key locally; history stays. */
  disconnect: command(Empty, Empty),
  /** Read GET /me again into the connection row. */
  refreshMe: command(Empty, z.object({ at: z.string() })),
  /** The panel showed the privacy line prominently once. */
  markPrivacyLineShown: command(Empty, Empty),
  /** POST /find with text typed in the panel. The cards land in the finds table (row findId). */
  find: command(z.object({ text: str(0, 100_000) }), z.object({ findId: z.number(), requestId: z.string() })),
  /**
   * The preview of a call before anything runs: GET .../preview before anything is typed, POST /calls/quote
   * once details or a question are there (G14). Not stored: the reply carries it. requestChecked: the site
   * judged the typed request (false for the kind of call only, e.g. a site without the quote).
   */
  preview: command(CallRequest, z.object({ preview: z.custom<Preview>(isObject), requestChecked: z.boolean() })),
  /**
   * Start a call. Give a fresh localId per click (crypto.randomUUID()): a second delivery of the same click
   * does not make a second call. The reply comes after the first send attempt; the calls row tells the rest.
   */
  startCall: command(
    z.object({
      localId: z.optional(z.uuid()),
      request: CallRequest,
      agentName: z.optional(z.nullable(UntrustedText)),
      callName: z.optional(z.nullable(UntrustedText)),
    }),
    z.object({ localId: z.string(), state: CallStateSchema }),
  ),
  /**
   * Send a call again: unsent (network) with the same Idempotency-Key; refused, declined or expired as a new
   * intent with a new key (the site remembers the first answer of a key for 24 hours).
   */
  retryCall: command(z.object({ localId: str(1, 64) }), z.object({ localId: z.string(), state: CallStateSchema })),
  /** Stop a running call. 409 while checking: "try again in a moment". */
  stopCall: command(z.object({ runId: id() }), z.object({ stopped: z.literal(true) })),
  /** Report a result (did_not_help with a reasonKind). The first report stands: the reply is what was recorded. */
  reportCall: command(
    z.object({
      runId: id(),
      verdict: z.enum(['helped', 'partly', 'did_not_help']),
      reasonKind: z.nullable(z.enum(['wrong', 'outdated', 'not_relevant'])),
      reason: z.nullable(str(0, 500)),
    }),
    z.object({ recorded: z.custom<ReportAnswer>(isObject) }),
  ),
  /** Read a call again now (e.g. its file links expired). */
  refreshCall: command(z.object({ localId: str(1, 64) }), Empty),
  /** Read GET /sessions/{id} into the sessions table. */
  refreshSession: command(z.object({ sessionId: id() }), Empty),
  /** Read GET /findings into the findings table. */
  refreshFindings: command(Empty, z.object({ count: z.number() })),
  /** POST /sessions: open a session as "Plan my project" (plan) or "Ask a question" (question). Stored in sessions. */
  createSession: command(
    z.object({ agentId: id(), way: z.enum(['plan', 'question']), details: z.optional(str(0, 20000)) }),
    z.object({ sessionId: z.string() }),
  ),
  /**
   * PUT /sessions/{id}/answers. Sent answers' drafts are dropped; a 400 invalid_answers leaves them, each with
   * the site's problem (answerDrafts.siteProblem), and replies with the error.
   */
  putAnswers: command(z.object({ sessionId: id(), answers: z.record(z.string(), AnswerInput) }), Empty),
  /** PUT /sessions/{id}/details: rewrite the request (re-reads questions). 409 plan_ran is said in words. */
  putDetails: command(z.object({ sessionId: id(), details: str(0, 20000) }), Empty),
  /** GET /sessions/{id}/plan into the plans table (plan null before one exists). */
  refreshPlan: command(z.object({ sessionId: id() }), z.object({ version: z.nullable(z.number()) })),
  /** One question's answer as the member types it (the panel debounces); the background writes it. */
  saveAnswerDraft: command(
    z.object({
      sessionId: id(),
      key: str(1, 128),
      draft: z.object({
        choice: z.nullable(z.enum(['option', 'own', 'left_to_agent'])),
        optionKeys: z.array(str(1, 128)).check(z.maxLength(16)),
        own: str(0, 4000),
      }),
    }),
    Empty,
  ),
  /** Free text the member types (e.g. `revise:<sessionId>`); empty text deletes the draft. */
  saveTextDraft: command(z.object({ id: str(1, 200), text: str(0, 20000) }), Empty),
  /** Open an http or https address from untrusted content, only on the member's click; checked again here. */
  openExternalUrl: command(z.object({ url: str(1, 2048) }), Empty),
  /** GET /me with spentSince: held and charged since then (null while the site cannot read it). */
  spending: command(
    z.object({ since: str(1, 64) }),
    z.object({ since: z.string(), spentSinceCents: z.nullable(z.number()), at: z.string() }),
  ),
  /** Drop cached results (calls that ended, sessions, plans, findings, finds); running calls stay. */
  clearCache: command(Empty, z.object({ removed: z.number() })),
  /**
   * The browser's storage is full: drop ended calls past the member's retention now (as the daily prune would)
   * and let the jobs write again at once.
   */
  freeSpace: command(Empty, z.object({ removed: z.number() })),
  /** Change some of the options page's settings. */
  setSettings: command(
    z.object({
      notify: z.optional(
        z.object({
          callFinished: z.boolean(),
          approvals: z.boolean(),
          findingsSignOff: z.boolean(),
          findingsReminder: z.boolean(),
        }),
      ),
      reminderDaysBefore: z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(29)))),
      retention: z.optional(
        z.object({
          maxAgeDays: z.nullable(z.int().check(z.minimum(1), z.maximum(9_999_999))),
          maxCount: z.nullable(z.int().check(z.minimum(1), z.maximum(9_999_999))),
        }),
      ),
      keyUntilBrowserCloses: z.optional(z.boolean()),
      quiet: z.optional(z.boolean()),
    }),
    Empty,
  ),
  /**
   * Save a result file through the browser's downloads (never opened). An active file needs the member's
   * confirmation; a file that would not fit today's 20 MB is refused; an expired link is renewed first.
   */
  downloadFile: command(
    z.object({ localId: str(1, 64), fileId: str(1, 255), confirmedActive: z.boolean() }),
    z.object({ filename: z.string() }),
  ),
  /**
   * The member is back from the approval page (the panel was focused again, or "I approved it"): a call
   * waiting for approval may be resent, not sooner than its gap. Replies when the next try is due.
   */
  approvalCameBack: command(
    z.object({ approvalId: z.optional(str(1, 255)) }),
    z.object({ nextCheckAt: z.nullable(z.number()) }),
  ),
  /** Open one of the member's own pages on the site (G15). The background checks origin and path. */
  openSitePage: command(z.object({ url: str(1, 2048) }), Empty),
  /**
   * POST /files for one file the member chose (body built in the panel with lib/files buildUploadRequest).
   * The background checks it again (size, secret guard) before it leaves. Sent once: a call's or a draft's
   * fileIds are kept by the panel, so a resend of the call never uploads again.
   */
  uploadFile: command(
    z.object({
      // Lengths in code points are the background's check (G19); these only bound the message.
      name: str(1, 1024),
      contentBase64: str(0, 100_000),
      sessionId: z.optional(z.nullable(id())),
      /** The type the browser gave, so the background sniffs text as the panel did. */
      type: z.optional(str(0, 255)),
    }),
    z.object({ fileId: z.string(), sizeBytes: z.number(), active: z.boolean() }),
  ),
  /** POST /sharing/coverage: which agent covers a kind of project. Not stored: the reply carries it. */
  askCoverage: command(
    z.object({ description: str(1, 8000) }),
    z.object({ answer: z.custom<CoverageAnswer>(isObject) }),
  ),
  /** POST /shares: a new share draft, stored in the shares table. */
  createShare: command(
    z.object({ title: str(1, 800), description: z.optional(str(0, 8000)), agentId: z.optional(z.nullable(id())) }),
    z.object({ draftId: z.string() }),
  ),
  /** PUT /shares/{draftId}/files: the draft's whole list of uploaded files (1 to 20). */
  putShareFiles: command(
    z.object({ draftId: str(1, 255), fileIds: z.array(str(1, 255)).check(z.minLength(1), z.maxLength(20)) }),
    z.object({ draftId: z.string() }),
  ),
  /** POST /shares/{draftId}/package, after the 1 MB check on the stored draft. Then it waits for sign-off. */
  packageShare: command(z.object({ draftId: str(1, 255) }), z.object({ draftId: z.string(), status: z.string() })),
  /** GET /shares/{draftId} now (and polling of a waiting draft starts again at its fast pace). */
  refreshShare: command(z.object({ draftId: str(1, 255) }), Empty),
  /** GET /shared-projects into the sharedProjects table. */
  refreshSharedProjects: command(Empty, z.object({ count: z.number() })),
};

export type CommandName = keyof typeof COMMANDS;
export type CommandPayload<N extends CommandName> = z.input<(typeof COMMANDS)[N]['payload']>;
export type CommandReply<N extends CommandName> = z.output<(typeof COMMANDS)[N]['reply']>;
export type CommandResult<N extends CommandName> =
  | { ok: true; value: CommandReply<N> }
  | { ok: false; error: MemberError };

export const MemberErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  nextStep: z.optional(z.custom<NextStep>(isObject)),
  status: z.optional(z.number()),
  extras: z.custom<MemberErrorExtras>(isObject),
});

interface CommandEnvelope {
  type: typeof ENVELOPE_TYPE;
  name: string;
  payload: unknown;
}

const EnvelopeSchema = z.object({
  type: z.literal(ENVELOPE_TYPE),
  name: z.string(),
  payload: z.unknown(),
});

const ReplyEnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: MemberErrorSchema }),
]);

function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/** An error made on this side of the protocol (bad payload, background unreachable, refused sender). */
export function localError(code: string, message: string, nextStep?: NextStep): MemberError {
  return nextStep === undefined ? { code, message, extras: {} } : { code, message, nextStep, extras: {} };
}

/** A handler throws this to reply with a member-facing error. */
export class CommandFailure extends Error {
  constructor(readonly error: MemberError) {
    super(error.message);
    this.name = 'CommandFailure';
  }
}

// ---------------------------------------------------------------------------------------------------
// Page side
// ---------------------------------------------------------------------------------------------------

const SEND_RETRIES = 2;
const SEND_RETRY_MS = 150;
/**
 * Commands sent again when the worker took them and stopped before answering (the message's channel closed
 * with no reply): each carries its intent's id, which the outbox stores once, so a second send is the same
 * call, or its stored state. Others (a connect code works once, for one) are not: their member is told.
 */
const RESENT_WHEN_UNANSWERED: ReadonlySet<CommandName> = new Set(['startCall', 'retryCall']);

/** Send a command to the background. Never throws: an error comes back as `{ ok: false, error }`. */
export async function sendCommand<N extends CommandName>(
  name: N,
  payload: CommandPayload<N>,
): Promise<CommandResult<N>> {
  const spec = COMMANDS[name];
  const checked = spec.payload.safeParse(payload);
  if (!checked.success) {
    return { ok: false, error: localError('invalid_command', t('commands.incomplete')) };
  }
  const envelope: CommandEnvelope = { type: ENVELOPE_TYPE, name, payload: checked.data };
  let raw: unknown;
  // A worker being stopped or started at that instant can miss a message ("Receiving end does not exist"):
  // sent again, twice at most. Safe for every command: a start carries its intent id, so it is one call.
  for (let attempt = 0; ; attempt++) {
    try {
      raw = await browser.runtime.sendMessage(envelope);
      if (raw === undefined && attempt < SEND_RETRIES && RESENT_WHEN_UNANSWERED.has(name)) {
        await new Promise((resolve) => setTimeout(resolve, SEND_RETRY_MS * (attempt + 1)));
        continue;
      }
      break;
    } catch {
      if (attempt >= SEND_RETRIES) {
        return {
          ok: false,
          error: localError('background_unreachable', t('commands.noAnswer')),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, SEND_RETRY_MS * (attempt + 1)));
    }
  }
  // No reply at all: the worker stopped before it answered.
  if (raw === undefined) return { ok: false, error: localError('background_unreachable', t('commands.noAnswer')) };
  const reply = ReplyEnvelopeSchema.safeParse(raw);
  if (!reply.success) {
    return { ok: false, error: localError('bad_reply', t('commands.unexpected')) };
  }
  if (!reply.data.ok) return { ok: false, error: reply.data.error };
  const value = spec.reply.safeParse(reply.data.value);
  if (!value.success) {
    return { ok: false, error: localError('bad_reply', t('commands.unexpected')) };
  }
  return { ok: true, value: value.data as CommandReply<N> };
}

// ---------------------------------------------------------------------------------------------------
// Background side
// ---------------------------------------------------------------------------------------------------

export type CommandHandlers = {
  [N in CommandName]: (payload: z.output<(typeof COMMANDS)[N]['payload']>) => Promise<CommandReply<N>>;
};

/** What the background knows of a message's sender (a subset of runtime.MessageSender). */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: unknown;
}

/**
 * True only for this extension's own pages. A content script's sender has our id but the web page's url;
 * another extension or a web page has another id. The side panel, the options page and an extension page
 * opened in a tab all have a url under our own base.
 */
export function isOwnExtensionPage(sender: SenderInfo): boolean {
  if (sender.id !== browser.runtime.id) return false;
  if (typeof sender.url !== 'string') return false;
  return sender.url.startsWith(browser.runtime.getURL('/'));
}

export type CommandReplyEnvelope = { ok: true; value: unknown } | { ok: false; error: MemberError };

export interface HandleOptions {
  /** Turns anything a handler throws into the member's words (lib/api errors, CommandFailure, bugs). */
  toError: (err: unknown) => MemberError;
}

/** Checks sender and payload, runs the handler, checks its reply. Undefined for messages not of this protocol. */
export function handleCommandMessage(
  message: unknown,
  sender: SenderInfo,
  handlers: CommandHandlers,
  options: HandleOptions,
): Promise<CommandReplyEnvelope> | undefined {
  const envelope = EnvelopeSchema.safeParse(message);
  if (!envelope.success) return undefined;
  if (!isOwnExtensionPage(sender)) {
    return Promise.resolve({
      ok: false,
      error: localError('forbidden_sender', t('commands.forbidden')),
    });
  }
  const { name, payload } = envelope.data;
  if (!isCommandName(name)) {
    return Promise.resolve({ ok: false, error: localError('unknown_command', t('commands.unknown')) });
  }
  return run(name, payload, handlers, options);
}

async function run<N extends CommandName>(
  name: N,
  payload: unknown,
  handlers: CommandHandlers,
  options: HandleOptions,
): Promise<CommandReplyEnvelope> {
  const spec = COMMANDS[name];
  const checked = spec.payload.safeParse(payload);
  if (!checked.success) {
    return { ok: false, error: localError('invalid_command', t('commands.invalid')) };
  }
  try {
    const handler = handlers[name] as (p: unknown) => Promise<unknown>;
    const value = await handler(checked.data);
    const reply = spec.reply.safeParse(value);
    if (!reply.success) {
      return { ok: false, error: localError('internal', t('commands.internal')) };
    }
    return { ok: true, value: reply.data };
  } catch (err) {
    if (err instanceof CommandFailure) return { ok: false, error: err.error };
    return { ok: false, error: options.toError(err) };
  }
}

/** Registers the one runtime.onMessage listener of the protocol. Call synchronously in the background's main(). */
export function registerCommandHandlers(handlers: CommandHandlers, options: HandleOptions): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderInfo) =>
    handleCommandMessage(message, sender, handlers, options),
  );
}

// ---------------------------------------------------------------------------------------------------
// Hand-offs through browser.storage.session (written by the background, read by the panel on open and on
// storage.onChanged). The panel opens inside the member's gesture, before these are written.
// ---------------------------------------------------------------------------------------------------

/** A selection sent from the context menu or the shortcut; the find's row has the same requestId. */
export const SELECTION_SESSION_KEY = 'panel.selection';
export interface SelectionHandoff {
  requestId: string;
  /** The text as it will be sent (trimmed, cut to 2000 characters), or as selected when refused. */
  text: string;
  cut: boolean;
  source: 'menu' | 'shortcut';
  at: string;
  /** Set when the selection was refused (e.g. under 3 characters); nothing was sent. */
  error: MemberError | null;
}

/** A notification was clicked: show this call's result. */
export const FOCUS_SESSION_KEY = 'panel.focus';
export interface FocusHint {
  localId: string;
  at: string;
}

/**
 * The browser's storage refused the background's writes (disk or quota full): since when, and when it last
 * did. In storage.session, which lives in memory and is not counted against the disk. Gone once a write
 * succeeds again.
 */
export const STORAGE_FULL_SESSION_KEY = 'background.storageFull';
export const StorageFullSchema = z.object({ since: z.number(), lastAt: z.number() });
export type StorageFull = z.infer<typeof StorageFullSchema>;
