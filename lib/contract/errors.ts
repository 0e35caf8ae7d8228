/**
 * The error body (G1), its own file because every resource answers with it. This is the shape the emulator
 * produces; the client reads errors more tolerantly (lib/api/errors.ts), so a different real shape still
 * yields a code.
 */
import * as z from 'zod/mini';
import { MissingDetailSchema } from './calls';
import { lazySchema } from './lazy-schema';
import { dateTime } from './times';

const ProblemSchema = lazySchema(() => z.object({ key: z.string(), problem: z.string() }));
export type Problem = z.infer<typeof ProblemSchema>;

const ErrorDetailSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    message: z.optional(z.string()),
    fields: z.optional(z.array(z.string())),
    problems: z.optional(z.array(ProblemSchema)),
    missing: z.optional(z.array(MissingDetailSchema)),
    approvalId: z.optional(z.string()),
    approvalUrl: z.optional(z.string()),
    topUpUrl: z.optional(z.string()),
    reason: z.optional(z.string()),
    until: z.optional(dateTime()),
  }),
);
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ErrorBodySchema = lazySchema(() =>
  z.object({
    error: ErrorDetailSchema,
  }),
);
export type ErrorBodyInput = z.input<typeof ErrorBodySchema>;
