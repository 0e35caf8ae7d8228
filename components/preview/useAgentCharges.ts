import { recentCharges } from '@/lib/db/queries';
import { useLiveQuery } from '@/components/common/useLiveQuery';

/** What this browser's latest passed calls to the agent were charged (cents, newest first); empty until read. */
export function useAgentCharges(agentId: string): number[] {
  return useLiveQuery((db) => recentCharges(db, agentId), [agentId]).value ?? [];
}
