import type { Preview } from '@/lib/contract/calls';

/**
 * A preview whose `refusal` says why the call would be refused before anything runs (G26) holds every start
 * of that call back: the click, Enter and Ctrl/⌘+Enter. The preview on screen stays until one read for what
 * the member changed (or read again on "Check again") replaces it, so the start waits for a preview that no
 * longer refuses (a failed read holds the start too: start-block.ts). A plan session is another request
 * (POST /sessions, or an apply call without details yet): the apply call's refusal does not hold it.
 */
export function heldByRefusal(preview: Preview | null, opensSession: boolean): boolean {
  return !opensSession && Boolean(preview?.refusal);
}
