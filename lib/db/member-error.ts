import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazy-schema';
import type { NextStep } from '@/lib/api/errors';
import type { MemberErrorExtras } from './types';
import { isJsonObject } from '@/lib/api/json-object';

/** An error as the member reads it: in rows, in command replies and in the panel's hand-offs alike. */
export const MemberErrorSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    message: z.string(),
    nextStep: z.optional(z.custom<NextStep>(isJsonObject)),
    status: z.optional(z.number().check(z.int())),
    extras: z.custom<MemberErrorExtras>(isJsonObject),
  }),
);
