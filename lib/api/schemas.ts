// Kept only for lib/db until issue 45's part that rewrites the rows lands: its imports move to lib/contract then,
// and this file goes. Nothing else imports it (the contract's shapes live in lib/contract, one file per resource).
export type { AgentCard } from '@/lib/contract/find';
export type {
  ApprovalReason,
  CallResult,
  ReportAnswer,
  ReportReasonKind,
  ReportVerdict,
  Today,
} from '@/lib/contract/calls';
export type { Connection, Switches } from '@/lib/contract/connection';
export type { Finding } from '@/lib/contract/findings';
export type { Plan, Session } from '@/lib/contract/sessions';
export type { ShareDraft, SharedProjectsAnswer } from '@/lib/contract/shares';
export type { Tolerant } from '@/lib/contract/tolerant';
