/**
 * Sharing (G14): drafts of projects to share, their files, the package (at most 1 MB in all) that waits
 * for the member's sign-off on the site, the coverage question, and the member's shared projects.
 * Every endpoint needs the sharing switch; a key never signs off.
 */
import type {
  CoverageAnswer,
  CreateShareRequest,
  ShareDraftInput,
  SharedProjectsAnswerInput,
} from '@/lib/contract/shares';
import { hasSecret } from '@/lib/safety/secret-guard';
import { iso } from '@/emulator/clock';
import { pagePath } from '@/emulator/site-paths';
import { ApiError, invalidState, notFound, sessionScoped } from '@/emulator/errors';
import { newId } from '@/emulator/ids';
import type { ConnectionRec, ShareDraftRec } from '@/emulator/store';
import { ut, utName } from '@/emulator/text';
import type { World } from '@/emulator/world';
import { listedAgents, matchAgents } from './agents';
import { fileVisible } from './files';

/** A package may hold at most 1 MB in all (contract, Limits; G7). */
const PACKAGE_MAX_BYTES = 1_000_000;

export function requireSharing(conn: ConnectionRec): void {
  if (conn.sessionId !== null) throw sessionScoped();
  if (!conn.switches.sharing) throw new ApiError(403, 'switched_off', { reason: 'sharing' });
}

function shareSignOffUrl(world: World, origin: string, draftId: string): string {
  return `${origin}${pagePath(world.paths.shareSignOff, draftId)}`;
}

export function coverage(world: World, description: string): CoverageAnswer {
  const matches = matchAgents(world, description);
  return {
    covered: matches.length > 0,
    agents: matches.map((m) => ({
      agentId: m.agent.id,
      slug: m.agent.slug,
      untrustedName: utName(m.agent.name),
      matchBps: m.bps,
    })),
  };
}

export function createShare(world: World, conn: ConnectionRec, body: CreateShareRequest, now: number): ShareDraftRec {
  if (hasSecret(body.title) || hasSecret(body.description ?? '')) throw new ApiError(400, 'secret_in_details');
  const agentId = body.agentId ?? null;
  if (agentId !== null && !listedAgents(world).some((a) => a.id === agentId)) throw notFound();
  const draft: ShareDraftRec = {
    id: newId('shr'),
    memberId: conn.memberId,
    connectionId: conn.id,
    title: body.title,
    description: body.description ?? '',
    agentId,
    fileIds: [],
    status: 'open',
    packageBytes: null,
    createdAt: now,
  };
  world.store.shareDrafts.set(draft.id, draft);
  return draft;
}

export function visibleShare(world: World, conn: ConnectionRec, draftId: string): ShareDraftRec {
  const draft = world.store.shareDrafts.get(draftId);
  if (!draft || draft.memberId !== conn.memberId) throw notFound();
  return draft;
}

export function putShareFiles(
  world: World,
  conn: ConnectionRec,
  draft: ShareDraftRec,
  fileIds: string[],
  now: number,
): void {
  for (const id of fileIds) if (!fileVisible(world.store.files.get(id), conn, now)) throw notFound();
  if (draft.status !== 'open') throw invalidState(draft.status);
  draft.fileIds = [...new Set(fileIds)];
}

export function packageShare(world: World, draft: ShareDraftRec): void {
  if (draft.status !== 'open') throw invalidState(draft.status);
  if (draft.fileIds.length === 0) throw new ApiError(400, 'invalid_package', { reason: 'no_files' });
  const bytes = draft.fileIds.reduce((sum, id) => sum + (world.store.files.get(id)?.bytes.length ?? 0), 0);
  if (bytes > PACKAGE_MAX_BYTES) throw new ApiError(400, 'invalid_package', { reason: 'too_large' });
  draft.packageBytes = bytes;
  draft.status = 'waiting_sign_off';
}

/** The member signs off on the site: the draft becomes a shared project in person review. */
export function signOffShare(world: World, draft: ShareDraftRec, now: number): void {
  if (draft.status !== 'waiting_sign_off') throw invalidState(draft.status);
  draft.status = 'signed_off';
  const agentId =
    draft.agentId ??
    matchAgents(world, `${draft.title} ${draft.description}`, 1)[0]?.agent.id ??
    listedAgents(world)[0]?.id;
  if (!agentId) return;
  const id = newId('prj');
  world.store.sharedProjects.set(id, {
    id,
    memberId: draft.memberId,
    title: draft.title,
    agentId,
    contributionState: 'person_review',
    createdAt: now,
  });
}

export function discardShare(draft: ShareDraftRec): void {
  if (draft.status !== 'open' && draft.status !== 'waiting_sign_off') throw invalidState(draft.status);
  draft.status = 'discarded';
}

export function shareView(world: World, draft: ShareDraftRec, origin: string): ShareDraftInput {
  return {
    draftId: draft.id,
    status: draft.status,
    untrustedTitle: ut(draft.title),
    agentId: draft.agentId,
    files: draft.fileIds.flatMap((id) => {
      const f = world.store.files.get(id);
      return f ? [{ fileId: f.id, untrustedPath: ut(f.path), sizeBytes: f.bytes.length, active: f.active }] : [];
    }),
    packageBytes: draft.packageBytes,
    signOffUrl: draft.status === 'waiting_sign_off' ? shareSignOffUrl(world, origin, draft.id) : null,
    createdAt: iso(draft.createdAt),
  };
}

export function sharedProjects(world: World, memberId: string): SharedProjectsAnswerInput {
  return {
    projects: [...world.store.sharedProjects.values()]
      .filter((p) => p.memberId === memberId)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((p) => ({
        projectId: p.id,
        untrustedTitle: ut(p.title),
        agentId: p.agentId,
        untrustedAgentName: utName(world.store.agents.get(p.agentId)?.name ?? ''),
        contributionState: p.contributionState,
        createdAt: iso(p.createdAt),
      })),
  };
}
