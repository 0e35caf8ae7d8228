/** The findings draft and share draft sign-off pages (paths by profile): the member signs off or discards. */
import { Hono } from 'hono';
import { DAY, iso } from '@/emulator/clock';
import { discardDraft, draftOf, signOffDraft } from '@/emulator/domain/findings';
import { FINDINGS_DRAFT_DAYS } from '@/lib/contract/limits';
import { discardShare, signOffShare } from '@/emulator/domain/sharing';
import { ApiError } from '@/emulator/errors';
import type { AppEnv } from '@/emulator/http';
import { pagePath, type SitePaths } from '@/emulator/site-paths';
import { doneNote, formString, html, pageResponse } from './html';

const DONE: Record<string, string> = {
  signed_off: 'Signed off.',
  discarded: 'Discarded.',
  not_open: 'This draft can no longer be changed.',
};

export function draftPages(paths: SitePaths): Hono<AppEnv> {
  const draftPages = new Hono<AppEnv>();
  draftPages.get(paths.findingsDraft, (c) => {
    const world = c.get('world');
    const found = draftOf(world, c.req.param('id') ?? '');
    if (!found) return pageResponse(c, 'Not found', html`<p>No findings draft with that id.</p>`, world.site.name, 404);
    const { draft, findings } = found;
    const agent = world.store.agents.get(draft.agentId);
    const body = html`${doneNote(DONE, c.req.query('done'))}
<p>Findings kept by your calls, filed with <span class="untrusted">${agent?.name ?? 'a new agent (from research, not yet listed)'}</span>.
Nothing joins the agent until you sign off. Status: <strong id="draft-status">${draft.status}</strong>.
${draft.status === 'open' ? `Expires ${iso(draft.createdAt + FINDINGS_DRAFT_DAYS * DAY)} if not signed off.` : ''}</p>
<ol>${findings.map(
      (f) => html`<li><p><strong>${f.kind}</strong>: <span class="untrusted">${f.topic}</span></p>
<p class="untrusted">${f.takeaway}</p>${f.source ? html`<p>Source (not opened): <span class="untrusted">${f.source.url}</span></p>` : ''}
<p>Status: ${f.status}</p></li>`,
    )}</ol>
${
  draft.status === 'open'
    ? html`<form method="post" action="${pagePath(paths.findingsDraft, draft.id)}">
<button type="submit" name="action" value="sign_off" class="primary">Sign off</button>
<button type="submit" name="action" value="discard">Discard draft</button></form>`
    : ''
}`;
    return pageResponse(c, 'Findings draft', body, world.site.name);
  });

  draftPages.post(paths.findingsDraft, async (c) => {
    const world = c.get('world');
    const found = draftOf(world, c.req.param('id') ?? '');
    if (!found) return pageResponse(c, 'Not found', html`<p>No findings draft with that id.</p>`, world.site.name, 404);
    const form = await c.req.parseBody();
    let done = 'not_open';
    try {
      if (formString(form, 'action') === 'sign_off') {
        signOffDraft(world, found.draft);
        done = 'signed_off';
      } else if (formString(form, 'action') === 'discard') {
        discardDraft(world, found.draft);
        done = 'discarded';
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    return c.redirect(`${pagePath(paths.findingsDraft, found.draft.id)}?done=${done}`, 303);
  });

  draftPages.get(paths.shareSignOff, (c) => {
    const world = c.get('world');
    const draft = world.store.shareDrafts.get(c.req.param('id') ?? '');
    if (!draft) return pageResponse(c, 'Not found', html`<p>No share draft with that id.</p>`, world.site.name, 404);
    const files = draft.fileIds.map((id) => world.store.files.get(id)).filter((f) => f !== undefined);
    const body = html`${doneNote(DONE, c.req.query('done'))}
<dl><dt>Title</dt><dd class="untrusted">${draft.title}</dd>
<dt>Description</dt><dd class="untrusted">${draft.description}</dd>
<dt>Status</dt><dd id="share-status">${draft.status}</dd>
<dt>Package</dt><dd>${draft.packageBytes === null ? 'not packaged yet' : `${draft.packageBytes} bytes`}</dd></dl>
<ul>${files.map((f) => html`<li><span class="untrusted">${f.path}</span> (${f.bytes.length} bytes${f.active ? ', active: never opened here' : ''})</li>`)}</ul>
${
  draft.status === 'waiting_sign_off' || draft.status === 'open'
    ? html`<form method="post" action="${pagePath(paths.shareSignOff, draft.id)}">
${draft.status === 'waiting_sign_off' ? html`<button type="submit" name="action" value="sign_off" class="primary">Sign off</button>` : html`<p>The connection has not packaged this draft yet.</p>`}
<button type="submit" name="action" value="discard">Discard draft</button></form>`
    : ''
}`;
    return pageResponse(c, 'Sign off a project to share', body, world.site.name);
  });

  draftPages.post(paths.shareSignOff, async (c) => {
    const world = c.get('world');
    const draft = world.store.shareDrafts.get(c.req.param('id') ?? '');
    if (!draft) return pageResponse(c, 'Not found', html`<p>No share draft with that id.</p>`, world.site.name, 404);
    const form = await c.req.parseBody();
    let done = 'not_open';
    try {
      if (formString(form, 'action') === 'sign_off') {
        signOffShare(world, draft, world.now());
        done = 'signed_off';
      } else if (formString(form, 'action') === 'discard') {
        discardShare(draft);
        done = 'discarded';
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    return c.redirect(`${pagePath(paths.shareSignOff, draft.id)}?done=${done}`, 303);
  });
  return draftPages;
}
