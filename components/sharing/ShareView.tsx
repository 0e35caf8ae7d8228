import { useEffect, useState } from 'preact/hooks';
import type { CoverageAnswer, CreateShareRequest } from '@/lib/contract/shares';
import { getConnection } from '@/lib/db/queries';
import type { MemberError } from '@/lib/db/member-error';
import { connectionPageUrl } from '@/lib/safety/urls';
import { useActions } from '@/components/common/actions';
import { useSite } from '@/components/common/site';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { useOffers } from '@/components/common/useOffers';
import { CoverageForm } from './CoverageForm';
import { CoverageResult } from './CoverageResult';
import { NewShareForm } from './NewShareForm';
import { ShareDraftItem } from './ShareDraftItem';
import { SharedProjectsList } from './SharedProjectsList';
import { ViewHeading } from '@/components/common/ViewHeading';
import { Skeleton } from '@/components/common/Skeleton';
import { loadDb } from '@/lib/db/lazy';
import { t } from '@/lib/i18n';
import { errorText } from '@/components/common/error-text';

const isSharingOff = (error: MemberError) => error.code === 'switched_off' && error.extras.reason === 'sharing';

/**
 * Sharing (the sharing switch): ask which agent covers a kind of project, start a draft, add its files,
 * package it and hand it to the member's sign-off on the site; the member's shared projects below. Drafts
 * and projects are read from IndexedDB; the background reads waiting drafts again until they are signed off.
 */
export function ShareView() {
  const actions = useActions();
  const site = useSite();
  const offers = useOffers();
  const connection = useLiveQuery((db) => getConnection(db), []);
  const drafts = useLiveQuery(async (db) => {
    const rows = await db.shares.toArray();
    return rows.map((row) => row.draft).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, []);
  const projects = useLiveQuery(async (db) => {
    const rows = await db.sharedProjects.toArray();
    return rows.map((row) => row.project).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, []);
  const [offBySite, setOffBySite] = useState(false);
  const [projectsRead, setProjectsRead] = useState(false);
  const [coverage, setCoverage] = useState<CoverageAnswer | null>(null);
  const [coverageBusy, setCoverageBusy] = useState(false);
  const [coverageError, setCoverageError] = useState<string | null>(null);
  const [agentId, setAgentId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const conn = connection.value;
  const sharingOn = conn ? (conn.me?.switches.sharing ?? conn.switches.sharing) : false;
  const filesOn = conn ? (conn.me?.switches.files ?? conn.switches.files) : false;

  const failed = (error: MemberError): Promise<string> => {
    if (isSharingOff(error)) setOffBySite(true);
    return errorText(error);
  };

  // On open: the shared projects, and the state of drafts waiting for sign-off (which also speeds up
  // their polling: the member may have just signed off).
  useEffect(() => {
    if (!sharingOn) return;
    void actions.send('refreshSharedProjects', {}).then((result) => {
      if (result.ok) setProjectsRead(true);
      else void failed(result.error);
    });
    void loadDb()
      .then(({ db }) => db.shares.toArray())
      .then((rows) => {
        for (const row of rows) {
          if (row.draft.status === 'waiting_sign_off') void actions.send('refreshShare', { draftId: row.draftId });
        }
      });
  }, [sharingOn]);

  if (!connection.loaded) return <Skeleton label={t('common.loading')} />;
  const settings = site ? connectionPageUrl(site.origin, site.connectionId) : null;
  const openSettings = () => {
    if (settings) void actions.send('openSitePage', { url: settings });
  };

  // Sharing's endpoints are named by the contract without a shape: a site that does not offer them says so once.
  if (offers.sharing === 'not_offered') {
    return (
      <section aria-labelledby="share-title" class="share">
        <ViewHeading id="share-title">{t('share.heading')}</ViewHeading>
        <p class="notice">{t('background.notOffered.sharing')}</p>
      </section>
    );
  }

  if (!sharingOn || offBySite) {
    return (
      <section aria-labelledby="share-title" class="share">
        <ViewHeading id="share-title">{t('share.heading')}</ViewHeading>
        <p class="notice">
          {offBySite ? t('share.offBySite') : t('share.off')} {t('share.switchOn')}
        </p>
        <button type="button" class="secondary" onClick={openSettings}>
          {t('share.openConnectionPage')}
        </button>
      </section>
    );
  }

  const ask = async (description: string) => {
    setCoverageBusy(true);
    setCoverageError(null);
    const result = await actions.send('askCoverage', { description });
    setCoverageBusy(false);
    if (result.ok) setCoverage(result.value.answer);
    else setCoverageError(await failed(result.error));
  };

  const create = async (request: CreateShareRequest) => {
    setCreating(true);
    setCreateError(null);
    const result = await actions.send('createShare', request);
    setCreating(false);
    if (!result.ok) setCreateError(await failed(result.error));
  };

  const list = drafts.value ?? [];
  return (
    <section aria-labelledby="share-title" class="share">
      <ViewHeading id="share-title">{t('share.heading')}</ViewHeading>
      <p class="muted">{t('share.intro')}</p>
      <h2>{t('share.whichAgent')}</h2>
      <CoverageForm onAsk={(d) => void ask(d)} busy={coverageBusy} error={coverageError} />
      {coverage ? <CoverageResult answer={coverage} onChooseAgent={setAgentId} /> : null}
      <h2>{t('share.newDraftHeading')}</h2>
      <NewShareForm
        // A new choice from the coverage answer preselects that agent.
        key={agentId ?? 'none'}
        agents={coverage?.agents ?? []}
        agentId={agentId}
        onCreate={(request) => void create(request)}
        busy={creating}
        error={createError}
      />
      <h2>{t('share.yourDrafts')}</h2>
      {list.length === 0 ? <p class="muted">{t('share.noDrafts')}</p> : null}
      {list.map((draft) => (
        <ShareDraftItem
          key={draft.draftId}
          draft={draft}
          filesSwitchOn={filesOn}
          onSharingOff={() => setOffBySite(true)}
        />
      ))}
      <h2>{t('share.yourProjects')}</h2>
      <SharedProjectsList
        projects={projectsRead || (projects.value?.length ?? 0) > 0 ? (projects.value ?? []) : null}
      />
    </section>
  );
}
