/**
 * Every number of the Connection API v1 the extension and the emulator use, once (contract, Limits; the G14
 * shapes in docs/contract-gaps.md). Lengths are characters as code points (G19); bytes are decimal (G7).
 * test/unit/contract/limits-once.test.ts fails when one of them is written again as a literal elsewhere.
 */

/** Every request body: 64 KB of UTF-8 JSON text (G7); the emulator refuses by the same. */
export const MAX_BODY_BYTES = 64_000;
/** A share's package: 1 MB in all (the package body's limit; G14: 400 invalid_package beyond it). */
export const MAX_PACKAGE_BODY_BYTES = 1_000_000;

/** POST /find (and POST /sharing/coverage, G14): the description is 3 to 2000 characters. */
export const MIN_FIND_DESCRIPTION_CHARS = 3;
export const MAX_FIND_DESCRIPTION_CHARS = 2000;

/** POST /connections/claim: the code field is 1 to 40 characters. */
export const MAX_CONNECT_CODE_CHARS = 40;

/** POST /calls (and POST /sessions, PUT details, G14): details are at most 20000 characters. */
export const MAX_DETAILS_CHARS = 20_000;
/** POST /calls: the question is at most 4000 characters. */
export const MAX_QUESTION_CHARS = 4000;
/** POST /calls: at most 6 fileIds. */
export const MAX_FILES_PER_CALL = 6;
/** Call and session ids in requests: 1 to 64 characters. */
export const MAX_ID_CHARS = 64;
/** POST /calls/{runId}/report: the reason is at most 500 characters. */
export const MAX_REPORT_REASON_CHARS = 500;

/** G14: an answer of one's own is at most 2000 characters. */
export const MAX_OWN_ANSWER_CHARS = 2000;
/** G14: the plan's Markdown is cut at 20000 characters. */
export const PLAN_CUT_CHARS = 20_000;
/** Untrusted text is cut at 2000 characters (less for a name). */
export const UNTRUSTED_TEXT_CUT_CHARS = 2000;

/** G14: POST /files names a file in 1 to 255 characters. */
export const MAX_FILE_NAME_CHARS = 255;
/** A signed file link is good for 300 seconds. */
export const FILE_LINK_SECONDS = 300;
/** Downloads: 20 MB in any 24 hours. */
export const DOWNLOAD_BYTES_PER_DAY = 20_000_000;

/** G14: POST /shares: a title of 1 to 200 characters, a description of at most 2000. */
export const MAX_SHARE_TITLE_CHARS = 200;
export const MAX_SHARE_DESCRIPTION_CHARS = 2000;
/** G14: PUT /shares/{draftId}/files: 1 to 20 fileIds. */
export const MAX_FILES_PER_SHARE = 20;

/** An approval may be used for 30 minutes (limits.approvalMinutes). */
export const APPROVAL_MINUTES = 30;
/** A connect code works once, within 15 minutes. */
export const CONNECT_CODE_MINUTES = 15;

/** G16: an Idempotency-Key is 1 to 255 printable ASCII characters. */
export const MAX_IDEMPOTENCY_KEY_CHARS = 255;
/** "Idempotency-Key memory | 24 hours | POST endpoints". */
export const IDEMPOTENCY_MEMORY_MS = 24 * 60 * 60 * 1000;

/** A findings draft expires if not signed off in 30 days. */
export const FINDINGS_DRAFT_DAYS = 30;
