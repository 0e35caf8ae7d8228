import { useState } from 'preact/hooks';
import type { MemberError } from '@/lib/db/member-error';
import { checkSiteAddress } from '@/lib/safety/urls';
import { addressWords } from '@/lib/words/address';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SiteText } from '@/components/common/SiteText';
import { normalizeConnectCode } from './code';
import { defaultSiteAddress } from './default-site';
import { cancelViewHeadingFocus, focusNextViewHeading, ViewHeading } from '@/components/common/ViewHeading';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { MAX_CONNECT_CODE_CHARS } from '@/lib/contract/limits';

interface Props {
  /** The address to start from (a revoked connection's site, or the build's default). */
  initialAddress?: string;
  /** Shown above the form, e.g. why a new code is needed. */
  intro?: string;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'error'; error: MemberError }
  | { kind: 'done'; name: string };

function localProblem(code: string, message: string): MemberError {
  return { code, message, extras: {} };
}

/**
 * Site address and connect code. The origin permission is asked for first in the submit handler, while the
 * member's gesture is still live; only then is the code sent to the background, which claims it.
 */
export function ConnectForm({ initialAddress, intro }: Props) {
  const actions = useActions();
  const [address, setAddress] = useState(initialAddress ?? defaultSiteAddress());
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const submit = async (event: Event) => {
    event.preventDefault();
    const site = checkSiteAddress(address);
    if (!site.ok) {
      setOutcome({ kind: 'error', error: localProblem('unsafe_address', addressWords(site.problem)) });
      return;
    }
    const normalized = normalizeConnectCode(code);
    if (!normalized) {
      setOutcome({
        kind: 'error',
        error: localProblem('code_format', t('connect.codeFormat')),
      });
      return;
    }
    setOutcome({ kind: 'busy' });
    const granted = await actions.requestOrigin(site.origin);
    if (!granted) {
      setOutcome({
        kind: 'error',
        error: localProblem('permission_denied', t('connect.permission', { origin: site.origin })),
      });
      return;
    }
    // On success the connected panel replaces this form, possibly before the answer below arrives: its first
    // view's heading takes the focus, which would otherwise fall to the page's body (and, in Firefox, Tab from
    // there can leave for the browser's own controls).
    focusNextViewHeading();
    const result = await actions.send('connect', { siteUrl: site.origin, code: normalized });
    if (result.ok) setOutcome({ kind: 'done', name: result.value.name });
    else {
      cancelViewHeadingFocus();
      setOutcome({ kind: 'error', error: result.error });
    }
  };

  const busy = outcome.kind === 'busy';
  return (
    <section class="card" aria-labelledby="connect-title">
      <ViewHeading id="connect-title">{t('connect.heading')}</ViewHeading>
      {intro ? <p>{intro}</p> : null}
      <p class="muted">{t('connect.makeCode')}</p>
      <form onSubmit={submit} aria-label={t('connect.connect')}>
        <label for="site-address">{t('connect.address')}</label>
        <input
          id="site-address"
          type="url"
          inputMode="url"
          autoComplete="url"
          // An address and a code have no language: their examples are the same in every locale.
          class="verbatim"
          translate={false}
          placeholder="https://"
          value={address}
          onInput={(e) => setAddress(e.currentTarget.value)}
          required
        />
        <label for="connect-code">{t('connect.code')}</label>
        <input
          id="connect-code"
          type="text"
          autoComplete="off"
          spellcheck={false}
          class="verbatim"
          translate={false}
          placeholder="ABC-DEFG-HJKL"
          maxLength={MAX_CONNECT_CODE_CHARS}
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
          required
        />
        <button type="submit" disabled={busy}>
          {busy ? t('connect.connecting') : t('connect.connect')}
        </button>
      </form>
      {outcome.kind === 'error' ? <ErrorNotice error={outcome.error} /> : null}
      {outcome.kind === 'done' ? (
        <p role="status">
          <Message
            id="status.connectedAs"
            parts={{
              name: (
                <strong>
                  <SiteText text={outcome.name} name />
                </strong>
              ),
            }}
          />
        </p>
      ) : null}
    </section>
  );
}
