/**
 * Connections: the member makes a connect code on the site (or the control API), a script claims it once
 * within 15 minutes for the key, and GET /me reads the connection back. Switches, limits and the findings
 * choice change only on the member's page (or the control API).
 */
import type { ClaimAnswerInput, ConnectionInput } from '@/lib/contract/connection';
import { DAY, MINUTE, iso } from '@/emulator/clock';
import { ApiError } from '@/emulator/errors';
import { hashKey, newConnectCode, newKey, normalizeCode } from '@/emulator/ids';
import type { LimitsRec, SwitchesRec } from '@/emulator/seed';
import type { ConnectionRec } from '@/emulator/store';
import type { World } from '@/emulator/world';
import { heldCents, spendableCents } from './balance';
import { pruneTimes, sessionsUsed, callsUsed, spentSince, downloadsLeftBytes } from './usage';
import { CONNECT_CODE_MINUTES } from '@/lib/contract/limits';

const CODE_TRIES_WINDOW = 15 * MINUTE;

export interface NewCodeRequest {
  memberId: string;
  name?: string;
  switches?: Partial<SwitchesRec>;
  limits?: Partial<LimitsRec>;
  keepsFindings?: boolean | null;
  sessionId?: string | null;
}

export interface NewCode {
  code: string;
  connectionId: string;
  memberId: string;
  expiresAt: string;
}

/** Makes a connection waiting to be claimed and its one-time code. */
export function makeConnectCode(world: World, request: NewCodeRequest, now: number): NewCode {
  const { site } = world;
  const conn = world.store.newConnection({
    memberId: request.memberId,
    name: request.name?.trim() || 'My connection',
    switches: { ...site.defaultSwitches, ...request.switches },
    limits: { ...site.defaultLimits, ...request.limits },
    keepsFindings: request.keepsFindings ?? null,
    sessionId: request.sessionId ?? null,
    createdAt: now,
  });
  const code = newConnectCode();
  const expiresAt = now + CONNECT_CODE_MINUTES * MINUTE;
  world.store.codes.set(normalizeCode(code), {
    code: normalizeCode(code),
    connectionId: conn.id,
    createdAt: now,
    expiresAt,
    used: false,
  });
  return { code, connectionId: conn.id, memberId: conn.memberId, expiresAt: iso(expiresAt) };
}

/** Claims per address a minute (G18) and tries at one code in 15 minutes (G21). */
export function checkClaimRate(world: World, address: string, code: string, now: number): void {
  const { store, site } = world;
  const byAddress = store.claimTriesByAddress.get(address) ?? [];
  store.claimTriesByAddress.set(address, byAddress);
  const byCode = store.claimTriesByCode.get(code) ?? [];
  store.claimTriesByCode.set(code, byCode);
  pruneTimes(byAddress, now, MINUTE);
  pruneTimes(byCode, now, CODE_TRIES_WINDOW);
  const refuse = (oldest: number, window: number) => {
    const retryAfter = Math.max(1, Math.ceil((oldest + window - now) / 1000));
    return new ApiError(429, 'rate_limited', {}, { 'Retry-After': String(retryAfter) });
  };
  if (byAddress.length >= site.claimsPerMinute) throw refuse(byAddress[0] ?? now, MINUTE);
  if (code !== '' && byCode.length >= site.claimTriesPerCode) throw refuse(byCode[0] ?? now, CODE_TRIES_WINDOW);
  byAddress.push(now);
  if (code !== '') byCode.push(now);
}

/** The env settings the connector still needs for what the member switched on. */
function envFor(switches: SwitchesRec): ClaimAnswerInput['env'] {
  const env = [{ variable: 'GUILD_API_KEY', ask: 'Where should the key for this connection be stored?' }];
  if (switches.files) env.push({ variable: 'GUILD_FILES_DIR', ask: 'Which folder may files be sent from?' });
  if (switches.sharing)
    env.push({ variable: 'GUILD_SHARE_DIR', ask: 'Which project folder may be sent as a draft to share?' });
  return env;
}

/** POST /connections/claim: an unknown, used or expired code gets the same refusal (G6). */
export function claim(world: World, code: string, origin: string, now: number): ClaimAnswerInput {
  const rec = world.store.codes.get(normalizeCode(code));
  const conn = rec ? world.store.connections.get(rec.connectionId) : undefined;
  if (!rec || !conn || rec.used || now > rec.expiresAt || conn.status !== 'unclaimed') {
    throw new ApiError(400, 'code_not_valid');
  }
  rec.used = true;
  const key = newKey();
  conn.keyHash = hashKey(key);
  conn.status = 'active';
  world.store.connectionsByKeyHash.set(conn.keyHash, conn.id);
  return {
    key,
    siteUrl: origin,
    connection: { id: conn.id, name: conn.name, sessionId: conn.sessionId },
    switches: { ...conn.switches },
    env: envFor(conn.switches),
  };
}

/** GET /me. The first read records that the privacy line was shown (G8). */
export function meView(world: World, conn: ConnectionRec, spentSinceAt: number | null, now: number): ConnectionInput {
  const member = world.store.members.get(conn.memberId);
  if (!member) throw new ApiError(500, 'server_error');
  conn.privacyLineShownAt ??= now;
  const held = heldCents(world, member.id);
  return {
    apiVersion: 'v1',
    connection: { id: conn.id, name: conn.name },
    keepsFindings: conn.keepsFindings,
    sessionId: conn.sessionId,
    switches: { ...conn.switches },
    limits: { ...conn.limits },
    today: { sessionsUsed: sessionsUsed(conn, now), callsUsed: callsUsed(conn, now) },
    spentInWindowCents: member.spentUnreadable ? null : spentSince(world, conn, now - DAY, false),
    spentSinceCents:
      spentSinceAt === null || member.spentUnreadable ? null : spentSince(world, conn, spentSinceAt, true),
    downloadsLeftBytes: downloadsLeftBytes(conn, now),
    balance: {
      purchasedCents: member.purchasedCents,
      earnedCents: member.earnedCents,
      promoCents: member.promoCents,
      heldCents: held,
      spendableCents: spendableCents(member, held),
    },
    privacyLine: world.site.privacyLine,
    privacyLineShownAt: iso(conn.privacyLineShownAt),
  };
}

export interface ConnectionPatch {
  name?: string;
  switches?: Partial<SwitchesRec>;
  limits?: Partial<LimitsRec>;
  keepsFindings?: boolean | null;
}

export function patchConnection(conn: ConnectionRec, patch: ConnectionPatch): void {
  if (patch.name !== undefined && patch.name.trim() !== '') conn.name = patch.name.trim();
  if (patch.switches) Object.assign(conn.switches, patch.switches);
  if (patch.limits) Object.assign(conn.limits, patch.limits);
  if (patch.keepsFindings !== undefined) conn.keepsFindings = patch.keepsFindings;
}

export function revokeConnection(world: World, conn: ConnectionRec): void {
  conn.status = 'revoked';
  // An unclaimed code of a revoked connection must not work either.
  for (const rec of world.store.codes.values()) if (rec.connectionId === conn.id) rec.used = true;
}
