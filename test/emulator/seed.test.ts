import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isActiveFile } from '@/emulator/domain/active';
import { bytesOf } from '@/emulator/domain/files';
import { ACCENTS, DEFAULT_SEED_PATH, loadSeedFile, parseSeed } from '@/emulator/seed';

const seed = loadSeedFile();

describe('the default seed', () => {
  it('has members with credits and at least a dozen agents, accents among the ten', () => {
    expect(seed.members.length).toBeGreaterThanOrEqual(2);
    expect(seed.agents.length).toBeGreaterThanOrEqual(12);
    for (const agent of seed.agents) expect(ACCENTS).toContain(agent.accent);
    expect(new Set(seed.agents.map((a) => a.accent)).size).toBe(10);
  });

  it('has New agents, failing ones, active files and findings', () => {
    expect(seed.agents.filter((a) => a.countedCalls < 10).length).toBeGreaterThanOrEqual(3);
    expect(seed.agents.some((a) => a.behaviour.outcome === 'fail')).toBe(true);
    expect(seed.agents.some((a) => a.behaviour.outcome === 'miss_check')).toBe(true);
    expect(seed.agents.some((a) => !a.behaviour.live)).toBe(true);
    const files = seed.agents.flatMap((a) => a.behaviour.files);
    const active = files.filter((f) => isActiveFile(f.path, bytesOf(f))).map((f) => f.path);
    for (const kind of ['.sh', '.html', '.svg', '.exe', 'bundle.zip'])
      expect(active.some((p) => p.endsWith(kind))).toBe(true);
    expect(active).not.toContain('docs.zip');
    expect(seed.agents.filter((a) => a.behaviour.findings.length > 0).length).toBeGreaterThanOrEqual(4);
    for (const agent of seed.agents) {
      for (const q of agent.questions) {
        expect(q.options.length).toBeGreaterThanOrEqual(2);
        expect(q.options.length).toBeLessThanOrEqual(4);
      }
    }
  });

  it('holds hostile text: HTML, script tags, onerror, javascript: and Markdown links, texts over 2000 characters', () => {
    const text = readFileSync(DEFAULT_SEED_PATH, 'utf8');
    for (const needle of ['<script>', 'onerror=', 'javascript:', '](javascript:', '<b>'])
      expect(text).toContain(needle);
    expect(seed.agents.some((a) => a.knows.length > 2000)).toBe(true);
    expect(seed.agents.some((a) => a.behaviour.note.length > 2000)).toBe(true);
  });

  it('is validated: a bad seed fails with the path of the bad field', () => {
    const bad = JSON.parse(readFileSync(DEFAULT_SEED_PATH, 'utf8'));
    bad.agents[0].accent = 'chartreuse';
    bad.agents[1].questions[0].options = [bad.agents[1].questions[0].options[0]];
    expect(() => parseSeed(bad)).toThrow(/agents\.0\.accent[\s\S]*agents\.1\.questions\.0\.options/);
    const dangling = JSON.parse(readFileSync(DEFAULT_SEED_PATH, 'utf8'));
    dangling.connections[0].memberId = 'mem_nobody';
    expect(() => parseSeed(dangling)).toThrow(/connections\.0\.memberId: unknown id mem_nobody/);
  });
});

describe('seeded history', () => {
  it('holds ended calls from before the start, including a returned one', () => {
    expect(seed.history.map((h) => h.status).sort()).toEqual(['failed', 'passed', 'returned']);
  });
});
