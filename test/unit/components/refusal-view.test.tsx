// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { RefusalView } from '@/components/refusal/RefusalView';
import type { MemberError } from '@/lib/db/member-error';
import { expectInert, fakeActions, memberError, SITE, ut } from './fixtures';
import { renderPanel } from './render-panel';

afterEach(cleanup);

const MESSAGE = 'The site’s words for this refusal.';

// Every POST /calls refusal, with the next step the member must be shown for it.
const CASES: Array<[string, MemberError['extras'], RegExp]> = [
  ['short', { topUpUrl: `${SITE}/top-up` }, /Top up your credits on the site/],
  ['short', { reason: 'held' }, /Wait until a running call ends/],
  ['over_max', {}, /Raise “spend at most”/],
  [
    'details_missing',
    { missing: [{ key: 'pg_version', untrustedDetail: ut('Which Postgres version?') }] },
    /needs these details/,
  ],
  ['invalid_answers', { problems: [{ key: 'size', problem: 'not an option' }] }, /Change these answers/],
  ['session_closed', {}, /new session/],
  ['agent_unavailable', {}, /Choose another agent/],
  ['approval_not_usable', {}, /ask for approval again/],
  ['switched_off', { reason: 'files' }, /The switch: Files/],
  ['agent_blocked', {}, /Allow this agent/],
  ['findings_off', {}, /ask this agent anyway/],
  ['over_limit', { reason: 'too_many_open_calls' }, /Wait until a running call ends/],
  ['failed_calls', {}, /Wait a while/],
  ['secret_in_details', {}, /Remove keys, passwords and tokens/],
  [
    'needs_approval',
    { approvalId: 'ap_1', approvalUrl: `${SITE}/approvals/ap_1`, reason: 'over_calls' },
    /Waiting for your approval/,
  ],
];

describe('RefusalView', () => {
  it.each(CASES)('%s shows its message and next step', (code, extras, next) => {
    const { actions } = fakeActions();
    const { container } = renderPanel(<RefusalView error={memberError(code, MESSAGE, extras)} />, actions);
    const alert = screen.getByRole('alert', { name: 'Refused' });
    expect(alert.textContent).toContain(MESSAGE);
    expect(alert.textContent).toMatch(next);
    expect(alert.textContent).toContain(`(${code})`);
    expectInert(container);
  });

  it('lists what is missing, as text', () => {
    const { actions } = fakeActions();
    renderPanel(
      <RefusalView
        error={memberError('details_missing', MESSAGE, {
          missing: [
            { key: 'a', untrustedDetail: ut('<b>Which</b> version?') },
            { key: 'b', untrustedDetail: null },
          ],
        })}
      />,
      actions,
    );
    const list = screen.getByRole('list', { name: 'Missing details' });
    expect(list.textContent).toBe('<b>Which</b> version?b');
  });

  it('opens the top-up page through the background', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<RefusalView error={memberError('short', MESSAGE, { topUpUrl: `${SITE}/top-up` })} />, actions);
    fireEvent.click(screen.getByRole('button', { name: 'Top up on the site' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/top-up` } }]));
  });

  it('opens the approval page with the approval line and says no second click is needed', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(
      <RefusalView
        error={memberError('needs_approval', MESSAGE, {
          approvalId: 'ap_1',
          approvalUrl: `${SITE}/approvals/ap_1`,
          reason: 'over_calls',
        })}
        approvalLine="This is your 11th call today; approve it on the site."
      />,
      actions,
    );
    expect(screen.getByText('This is your 11th call today; approve it on the site.')).toBeTruthy();
    expect(screen.getByText(/sent again by itself/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve on the site' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/approvals/ap_1` } }]));
  });

  it('never offers a page that is not the member’s own on the site', () => {
    const { actions } = fakeActions();
    renderPanel(
      <RefusalView
        error={memberError('needs_approval', MESSAGE, { approvalUrl: 'https://evil.example/approvals/ap_1' })}
      />,
      actions,
    );
    expect(screen.queryByRole('button', { name: 'Approve on the site' })).toBeNull();
    renderPanel(<RefusalView error={memberError('short', MESSAGE, { topUpUrl: 'javascript:alert(1)' })} />, actions);
    expect(screen.queryByRole('button', { name: 'Top up on the site' })).toBeNull();
  });

  it('a 402 without topUpUrl opens the site’s home page, never a path the extension guessed', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<RefusalView error={memberError('short', MESSAGE)} />, actions);
    fireEvent.click(screen.getByRole('button', { name: 'Top up on the site' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/` } }]));
  });

  it('an unknown code shows the site’s own message, as text, beside the status', () => {
    const { actions } = fakeActions();
    const { container } = renderPanel(
      <RefusalView
        error={{
          ...memberError('quota_frozen', 'The site refused this (HTTP 418, code “quota_frozen”).'),
          status: 418,
          extras: { siteMessage: 'Your <b>quota</b> is frozen until Monday.' },
        }}
      />,
      actions,
    );
    const alert = screen.getByRole('alert', { name: 'Refused' });
    expect(alert.textContent).toContain('HTTP 418');
    expect(alert.textContent).toContain('The site said: “Your <b>quota</b> is frozen until Monday.”');
    expect(container.querySelector('b')).toBeNull();
    expectInert(container);
  });

  it('links the switch to the member’s connection page', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<RefusalView error={memberError('switched_off', MESSAGE, { reason: 'tryNewAgents' })} />, actions);
    expect(screen.getByText('New agents')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change it on your connection page' }));
    await waitFor(() =>
      expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/connections/con_1` } }]),
    );
  });
});
