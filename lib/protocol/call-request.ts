/**
 * A call's request as the panel sends it: the POST /calls body, checked by lib/api's one schema for it, less
 * approvalId, which is the background's own business.
 */
import * as z from 'zod/mini';
import { StartCallRequestSchema } from '@/lib/api/request-schemas';

export const CallRequest = z.omit(StartCallRequestSchema, { approvalId: true });
export type CallRequestPayload = z.infer<typeof CallRequest>;
