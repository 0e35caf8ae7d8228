import * as z from 'zod/mini';
import type { NextStep } from '@/lib/api/errors';
import type { MemberErrorExtras } from './types';

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An error as the member reads it: in rows, in command replies and in the panel's hand-offs alike. */
export const MemberErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  nextStep: z.optional(z.custom<NextStep>(isObject)),
  status: z.optional(z.number().check(z.int())),
  extras: z.custom<MemberErrorExtras>(isObject),
});
