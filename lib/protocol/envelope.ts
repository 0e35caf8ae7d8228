/** The envelope a command travels in, its reply's, and the errors made on the protocol's own side. */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import type { NextStep } from '@/lib/api/errors';
import { MemberErrorSchema } from '@/lib/db/member-error';
import type { MemberError } from '@/lib/db/member-error';

const ENVELOPE_TYPE = 'agent-connection/command@1';

export interface CommandEnvelope {
  type: typeof ENVELOPE_TYPE;
  name: string;
  payload: unknown;
}

export function envelope(name: string, payload: unknown): CommandEnvelope {
  return { type: ENVELOPE_TYPE, name, payload };
}

export const EnvelopeSchema = lazySchema(() =>
  z.object({
    type: z.literal(ENVELOPE_TYPE),
    name: z.string(),
    payload: z.unknown(),
  }),
);

export const ReplyEnvelopeSchema = lazySchema(() =>
  z.union([
    z.object({ ok: z.literal(true), value: z.unknown() }),
    z.object({ ok: z.literal(false), error: MemberErrorSchema }),
  ]),
);

export type CommandReplyEnvelope = { ok: true; value: unknown } | { ok: false; error: MemberError };

/** An error made on this side of the protocol (bad payload, background unreachable, refused sender). */
export function localError(code: string, message: string, nextStep?: NextStep): MemberError {
  return nextStep === undefined ? { code, message, extras: {} } : { code, message, nextStep, extras: {} };
}

/** A handler throws this to reply with a member-facing error. */
export class CommandFailure extends Error {
  constructor(readonly error: MemberError) {
    super(error.message ?? error.code);
    this.name = 'CommandFailure';
  }
}
