/**
 * The endpoints the contract names without a shape (Endpoints, "Named in the interface but with no shape
 * given") that the extension uses, one name each, with the fallback where a site does not offer it
 * (lib/api/capabilities).
 */
export const CAPABILITIES = [
  /** POST /sessions. Fallback: POST /calls without sessionId opens the session. */
  'createSession',
  /** PUT /sessions/{id}/answers. Fallback: answers go in the next POST /calls `answers`. */
  'putAnswers',
  /** PUT /sessions/{id}/details. No fallback: "not available on this site". */
  'putDetails',
  /** GET /sessions/{id}/plan. Fallback: the note of the apply call that wrote the plan. */
  'getPlan',
  /** POST /calls/quote. Fallback: the GET preview, saying the typed request was not checked. */
  'quoteCall',
  /** GET /approvals/{id}. Fallback: resend only when the member came back from the approval page. */
  'getApproval',
  /** POST /files. No fallback: calls go without files. */
  'uploadFile',
  /** POST /sharing/coverage, POST /shares and the rest of sharing, GET /shared-projects. */
  'sharing',
] as const;

export type Capability = (typeof CAPABILITIES)[number];
