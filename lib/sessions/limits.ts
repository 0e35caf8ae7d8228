// A call's limits (contract, POST /calls; text in code points, G19). A leaf module of constants, so the
// panel's first chunk can read them without the session logic of ./apply-call, which re-exports them.

export const DETAILS_MAX = 20000;
export const QUESTION_MAX = 4000;
export const FILE_IDS_MAX = 6;
