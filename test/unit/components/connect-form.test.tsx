// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeConnectCode } from '@/components/connect/code';
import { ViewHeading } from '@/components/common/ViewHeading';
import { ConnectForm } from '@/components/connect/ConnectForm';
import { defaultSiteAddress, EMULATOR_SITE } from '@/components/connect/default-site';
import { fakeActions, memberError } from './fixtures';
import { renderPanel } from './render-panel';

afterEach(cleanup);

function fill(address: string, code: string) {
  fireEvent.input(screen.getByRole('textbox', { name: 'Site address' }), { target: { value: address } });
  fireEvent.input(screen.getByRole('textbox', { name: 'Connect code' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
}

describe('connect code (G6)', () => {
  it('normalises case, spaces and dashes', () => {
    expect(normalizeConnectCode(' gld-abcd-1234 ')).toBe('GLD-ABCD-1234');
    expect(normalizeConnectCode('GLD ABCD 1234')).toBe('GLD-ABCD-1234');
    expect(normalizeConnectCode('gldabcd1234')).toBe('GLD-ABCD-1234');
  });
  it('refuses other shapes', () => {
    for (const bad of ['', 'GL-ABCD-1234', 'G1D-ABCD-1234', 'GLD-ABCD-123', 'GLD-ABCD-12345', 'GLD-ABCD-12!4']) {
      expect(normalizeConnectCode(bad), bad).toBeNull();
    }
  });
});

describe('default site address', () => {
  it('is the emulator in development and e2e builds, a build-time address when given, empty otherwise', () => {
    expect(defaultSiteAddress({ DEV: true, MODE: 'development' })).toBe(EMULATOR_SITE);
    expect(defaultSiteAddress({ DEV: false, MODE: 'e2e' })).toBe(EMULATOR_SITE);
    expect(defaultSiteAddress({ DEV: false, MODE: 'production', WXT_DEFAULT_SITE_URL: 'https://guild.example' })).toBe(
      'https://guild.example',
    );
    expect(defaultSiteAddress({ DEV: false, MODE: 'production' })).toBe('');
  });
});

describe('ConnectForm', () => {
  it('asks for the site’s origin first, then sends the code, and shows the connection’s name', async () => {
    const { actions, order, sent } = fakeActions({
      connect: () => ({ ok: true, value: { connectionId: 'con_1', name: 'My laptop', sessionId: null } }),
    });
    renderPanel(<ConnectForm initialAddress="" />, actions, null);
    fill('http://127.0.0.1:8787/whatever', 'gld abcd 1234');
    await screen.findByText('My laptop');
    expect(order).toEqual(['permission:http://127.0.0.1:8787', 'send:connect']);
    expect(sent[0]?.payload).toEqual({ siteUrl: 'http://127.0.0.1:8787', code: 'GLD-ABCD-1234' });
  });

  it('sends nothing when the member refuses the permission', async () => {
    const { actions, sent } = fakeActions();
    vi.mocked(actions.requestOrigin).mockResolvedValue(false);
    renderPanel(<ConnectForm initialAddress="" />, actions, null);
    fill('https://guild.example', 'GLD-ABCD-1234');
    await screen.findByText(/needs your permission to reach https:\/\/guild\.example/);
    expect(sent).toEqual([]);
  });

  it('refuses a code of the wrong form or an unsafe address locally and sends nothing', async () => {
    const { actions, order } = fakeActions();
    renderPanel(<ConnectForm initialAddress="" />, actions, null);
    fill('http://127.0.0.1:8787', 'hello');
    expect((await screen.findByRole('alert')).textContent).toContain('ABC-DEFG-HJKL');
    fill('http://guild.example', 'GLD-ABCD-1234');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Plain http:// is only allowed'));
    expect(order).toEqual([]);
  });

  it('shows the site’s refusal in the member’s words and keeps what was typed', async () => {
    const { actions } = fakeActions({
      connect: () => ({
        ok: false,
        error: memberError(
          'code_not_valid',
          'That connect code is not valid: it may be mistyped, used already or older than 15 minutes.',
          {},
          400,
        ),
      }),
    });
    renderPanel(<ConnectForm initialAddress="" />, actions, null);
    fill('http://127.0.0.1:8787', 'GLD-ABCD-1234');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('That connect code is not valid');
    expect(alert.textContent).toContain('code_not_valid');
    expect((screen.getByRole('textbox', { name: 'Connect code' }) as HTMLInputElement).value).toBe('GLD-ABCD-1234');
    expect((screen.getByRole('textbox', { name: 'Site address' }) as HTMLInputElement).value).toBe(
      'http://127.0.0.1:8787',
    );
  });

  it('hands the focus to the connected panel’s first heading, and keeps it in the form after a refusal', async () => {
    const refused = fakeActions({
      connect: () => ({ ok: false, error: memberError('code_not_valid', 'That connect code is not valid.', {}, 400) }),
    });
    renderPanel(<ConnectForm initialAddress="" />, refused.actions, null);
    fill('http://127.0.0.1:8787', 'GLD-ABCD-1234');
    await screen.findByRole('alert');
    cleanup();
    render(<ViewHeading>Some later view</ViewHeading>);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(document.body);
    cleanup();

    const accepted = fakeActions({
      connect: () => ({ ok: true, value: { connectionId: 'con_1', name: 'My laptop', sessionId: null } }),
    });
    renderPanel(<ConnectForm initialAddress="" />, accepted.actions, null);
    fill('http://127.0.0.1:8787', 'GLD-ABCD-1234');
    await screen.findByText('My laptop');
    cleanup();
    render(<ViewHeading>Find AI Agents</ViewHeading>);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Find AI Agents' })),
    );
  });
});
