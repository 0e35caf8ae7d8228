// Kept only for lib/db until issue 45's part that rewrites the rows lands: its imports move to lib/contract then,
// and this file goes. Nothing else imports it (the call request lives in lib/contract/calls).
export { StartCallRequestSchema, type StartCallRequest } from '@/lib/contract/calls';
export { UntrustedTextSchema, type UntrustedText } from '@/lib/contract/conventions';
