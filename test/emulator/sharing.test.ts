import { describe, expect, it } from 'vitest';
import { CoverageAnswerSchema, ShareDraftSchema, SharedProjectsAnswerSchema } from '@/lib/contract/shares';
import { UploadedFileSchema } from '@/lib/contract/files';
import { expectError, parse, useEmulator } from './harness';
import { readAmount } from '@/lib/contract/tolerant';

const emu = useEmulator();

async function uploadText(name: string, text: string) {
  return parse(
    UploadedFileSchema,
    (await emu.api('/files', { body: { name, contentBase64: Buffer.from(text).toString('base64') } })).body,
  );
}

describe('sharing', () => {
  it('needs the sharing switch, and is not for session-scoped keys', async () => {
    const { key } = await emu.connect({ switches: { sharing: false } });
    for (const [path, body] of [
      ['/sharing/coverage', { description: 'postgres tuning' }],
      ['/shares', { title: 'x' }],
    ] as const) {
      expect(expectError(await emu.api(path, { key, body }), 403, 'switched_off').reason).toBe('sharing');
    }
    expect(expectError(await emu.api('/shared-projects', { key }), 403, 'switched_off').reason).toBe('sharing');
  });

  it('POST /sharing/coverage says which agents cover a kind of project', async () => {
    const covered = parse(
      CoverageAnswerSchema,
      (await emu.api('/sharing/coverage', { body: { description: 'A Postgres vacuum tuning guide' } })).body,
    );
    expect(covered.covered).toBe(true);
    expect(covered.agents[0]).toMatchObject({ agentId: 'agt_postgres', slug: 'postgres-tuning' });
    const none = parse(
      CoverageAnswerSchema,
      (await emu.api('/sharing/coverage', { body: { description: 'violin bow rosin' } })).body,
    );
    expect(none).toEqual({ covered: false, agents: [] });
    expectError(await emu.api('/sharing/coverage', { body: { description: 'ab' } }), 400, 'invalid_input');
  });

  it('a draft: files, a package waiting for sign-off, sign-off on the site, then a shared project', async () => {
    const created = await emu.api('/shares', {
      body: { title: 'Vacuum tuning notes', description: 'What worked for us', agentId: 'agt_postgres' },
    });
    expect(created.status).toBe(201);
    let draft = parse(ShareDraftSchema, created.body);
    expect(draft).toMatchObject({
      status: 'open',
      agentId: 'agt_postgres',
      files: [],
      packageBytes: null,
      signOffUrl: null,
    });
    expect(
      expectError(await emu.api(`/shares/${draft.draftId}/package`, { body: {} }), 400, 'invalid_package').reason,
    ).toBe('no_files');
    const a = await uploadText('notes.md', '# Notes\n');
    const b = await uploadText('tune.sh', 'echo tune');
    draft = parse(
      ShareDraftSchema,
      (await emu.api(`/shares/${draft.draftId}/files`, { method: 'PUT', body: { fileIds: [a.fileId, b.fileId] } }))
        .body,
    );
    expect(draft.files.map((f) => [f.untrustedPath.untrustedText, f.active])).toEqual([
      ['notes.md', false],
      ['tune.sh', true],
    ]);
    draft = parse(ShareDraftSchema, (await emu.api(`/shares/${draft.draftId}/package`, { body: {} })).body);
    expect(draft.status).toBe('waiting_sign_off');
    expect(draft.packageBytes).toBe((readAmount(a.sizeBytes) ?? 0) + (readAmount(b.sizeBytes) ?? 0));
    expect(draft.signOffUrl).toBe(`${emu.url}/shares/${draft.draftId}/sign-off`);
    expectError(
      await emu.api(`/shares/${draft.draftId}/files`, { method: 'PUT', body: { fileIds: [a.fileId] } }),
      409,
      'invalid_state',
    );
    expectError(await emu.api(`/shares/${draft.draftId}/package`, { body: {} }), 409, 'invalid_state');
    await emu.ctl('POST', `/drafts/${draft.draftId}/sign-off`);
    expect(parse(ShareDraftSchema, (await emu.api(`/shares/${draft.draftId}`)).body).status).toBe('signed_off');
    const projects = parse(SharedProjectsAnswerSchema, (await emu.api('/shared-projects')).body).projects;
    expect(projects[0]).toMatchObject({
      untrustedTitle: { untrustedText: 'Vacuum tuning notes' },
      agentId: 'agt_postgres',
      contributionState: 'person_review',
    });
    expect(projects.some((p) => p.untrustedTitle.untrustedText.includes('<script>'))).toBe(true);
  });

  it('refuses a package over 1 MB, unknown files and agents, secrets; discards', async () => {
    const draft = parse(ShareDraftSchema, (await emu.api('/shares', { body: { title: 'Big' } })).body);
    expect(draft.agentId).toBeNull();
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push((await uploadText(`part${i}.txt`, 'x')).fileId);
    expectError(
      await emu.api(`/shares/${draft.draftId}/files`, { method: 'PUT', body: { fileIds: ids } }),
      400,
      'invalid_input',
    );
    // Uploads are at most 64 KB each; a file a call handed in can be bigger.
    await emu.behaviour('agt_rust', { files: [{ path: 'big.bin', sizeBytes: 1_048_577 }] });
    const { runId } = await emu.start({ agentId: 'agt_rust', callId: 'question', question: 'big file?', maxCents: 50 });
    await emu.advance(10);
    const big = ((await emu.api(`/calls/${runId}`)).body as { files: { fileId: string }[] }).files[0]?.fileId ?? '';
    await emu.api(`/shares/${draft.draftId}/files`, { method: 'PUT', body: { fileIds: [big] } });
    expect(
      expectError(await emu.api(`/shares/${draft.draftId}/package`, { body: {} }), 400, 'invalid_package').reason,
    ).toBe('too_large');
    expectError(
      await emu.api(`/shares/${draft.draftId}/files`, { method: 'PUT', body: { fileIds: ['fil_nothing'] } }),
      404,
      'not_found',
    );
    expectError(await emu.api('/shares', { body: { title: 'x', agentId: 'agt_nobody' } }), 404, 'not_found');
    expectError(await emu.api('/shares', { body: { title: 'api_key = "abcd1234efgh"' } }), 400, 'secret_in_details');
    expectError(await emu.api('/shares', { body: { title: '' } }), 400, 'invalid_input');
    await emu.ctl('POST', `/drafts/${draft.draftId}/discard`);
    expect(parse(ShareDraftSchema, (await emu.api(`/shares/${draft.draftId}`)).body).status).toBe('discarded');
    const other = await emu.connect({ memberId: 'mem_contrib', switches: { sharing: true } });
    expectError(await emu.api(`/shares/${draft.draftId}`, { key: other.key }), 404, 'not_found');
  });
});
