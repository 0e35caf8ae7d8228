import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { formatIssues } from '@/lib/contract/issues';
import { lazySchema } from '@/lib/contract/lazy-schema';

describe('a schema built on first use', () => {
  it('is not built when made, and is built once however often it is used', () => {
    const build = vi.fn(() => z.object({ name: z.string() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse({ name: 'a' }).success).toBe(true);
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('parses inside other schemas as the schema it stands for, with the same issues', () => {
    const inner = lazySchema(() => z.object({ at: z.number().check(z.int()) }));
    const outer = z.object({ items: z.array(inner), first: z.optional(z.nullable(inner)) });
    expect(outer.parse({ items: [{ at: 1, extra: true }], first: null })).toEqual({ items: [{ at: 1 }], first: null });
    const bad = outer.safeParse({ items: [{ at: 1.5 }] });
    expect(bad.success || formatIssues(bad.error.issues)).toEqual(['items[0].at: expected int']);
  });

  it('stands for its schema in a discriminated union and a record', () => {
    const option = lazySchema(() => z.object({ kind: z.literal('option'), keys: z.array(z.string()) }));
    const own = lazySchema(() => z.object({ kind: z.literal('own'), text: z.string() }));
    const answers = z.record(z.string(), z.discriminatedUnion('kind', [option, own]));
    expect(answers.safeParse({ a: { kind: 'own', text: 'x' }, b: { kind: 'option', keys: [] } }).success).toBe(true);
    expect(answers.safeParse({ a: { kind: 'other' } }).success).toBe(false);
  });
});
