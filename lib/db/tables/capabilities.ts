/**
 * The `capabilities` table (version 4): whether the site at `origin` answered an endpoint named without a shape
 * (lib/api/capabilities), per origin.
 */
import * as z from 'zod/mini';
import { CAPABILITIES } from '@/lib/contract/unshaped';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { epochMs } from './fields';

export const CAPABILITIES_INDEXES = '[origin+capability], origin';

export const CapabilityRowSchema = lazySchema(() =>
  z.object({
    /** The site's origin, e.g. https://example.com (the connection's origin). */
    origin: z.string().check(z.minLength(1)),
    capability: z.enum(CAPABILITIES),
    /** Null: not decided, only a coded answer seen once (`seen`). */
    offered: z.nullable(z.boolean()),
    /** Epoch ms of the answer that decided it. */
    at: epochMs(),
    /** A coded 404 or 503 seen once, not yet taken as absence; absent on records written before it existed. */
    seen: z.optional(
      z.nullable(
        z.object({
          status: z.number(),
          code: z.string(),
          /** Epoch ms when it was first seen. */
          at: epochMs(),
          /** The id the request was about (a session, an approval, an agent), null when none. */
          about: z.nullable(z.string()),
        }),
      ),
    ),
  }),
);

/** What is known of one endpoint on one site (lib/api/capabilities reads it). */
export type CapabilityRow = z.infer<typeof CapabilityRowSchema>;
