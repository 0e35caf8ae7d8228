import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBodyInput, ErrorDetail } from '@/lib/contract/errors';

/** The extra fields an error may carry (G1): everything but the code and the message. */
export type ErrorExtras = Omit<ErrorDetail, 'code' | 'message'>;

/** English text for each code; the client shows its own words, this is for people reading the wire. */
const MESSAGES: Record<string, string> = {
  unauthenticated: 'The key is missing or not valid for this API.',
  key_revoked: 'The member revoked this connection. Make a new one and claim it.',
  account_suspended: "The member's account is suspended.",
  session_scoped: 'This key reaches only its own session.',
  rate_limited: 'Too many requests. Wait and try again.',
  not_available: 'A part of the site this needs is not switched on. Nothing changed.',
  server_error: 'Something failed on the site. Try again shortly.',
  not_found: 'Nothing with that id is visible to this connection.',
  invalid_json: 'The body is not valid JSON.',
  too_large: 'The body is over its size limit.',
  retired: 'This endpoint was retired.',
  invalid_input: 'A field is missing or not valid.',
  secret_in_details: 'The text looks like it holds a key, password or token. Nothing was stored.',
  code_not_valid: 'That connect code is not valid. Nothing changed.',
  idempotency_key_required: 'An Idempotency-Key header is required.',
  idempotency_key_reused: 'That Idempotency-Key was already used for a different request.',
  idempotency_in_progress: 'A request with that Idempotency-Key is still running. Resend it in a few seconds.',
  switched_off: 'That is not switched on for this connection.',
  needs_approval: 'The member must approve this call first.',
  agent_blocked: 'The member declined this agent for this connection.',
  short: 'Fewer credits than this call needs to start. Nothing was held.',
  agent_unavailable: 'The agent is not live or does not offer that call.',
  over_max: 'maxCents is under the least this call needs to start.',
  details_missing: 'The apply call waits for details. Nothing was held or charged.',
  invalid_answers: 'An answer does not fit the questions. Nothing was kept or held.',
  session_closed: 'The session is closed. Start a new one.',
  approval_not_usable: 'That approval is used, run out, not approved yet, or for a different call.',
  over_limit: 'Too many calls are running at once.',
  failed_calls: 'The last 3 calls to this agent failed within 24 hours. Wait before calling it again.',
  findings_off: 'A new agent keeps findings, and this connection does not keep findings.',
  invalid_state: 'The call is not in a state that allows this.',
  link_expired: 'The download link ran out. Read the call again for a fresh link.',
  download_limit: 'The download allowance for 24 hours is used up.',
  invalid_package: 'The share draft cannot be packaged.',
  // The control API's own refusals (emulator/middleware/local-only.ts), never under /api/v1.
  not_local: 'The control API answers only a loopback Host (127.0.0.1, localhost, [::1]) and no Origin but its own.',
  not_json_type: 'The control API takes a body only as Content-Type: application/json.',
};

/** A refusal the API answers with the G1 body. Thrown from anywhere under a route. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly extras: ErrorExtras = {},
    readonly headers: Record<string, string> = {},
    message?: string,
  ) {
    super(message ?? MESSAGES[code] ?? code);
  }

  body(): ErrorBodyInput {
    return { error: { code: this.code, message: this.message, ...this.extras } };
  }
}

export function invalidInput(fields: string[], message?: string): ApiError {
  return new ApiError(400, 'invalid_input', { fields }, {}, message);
}

export function notFound(): ApiError {
  return new ApiError(404, 'not_found');
}

export function sessionScoped(): ApiError {
  return new ApiError(403, 'session_scoped');
}

export function invalidState(reason: string): ApiError {
  return new ApiError(409, 'invalid_state', { reason });
}
