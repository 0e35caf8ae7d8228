import { describe, expect, it } from 'vitest';
import {
  checkSiteAddress,
  connectionPageUrl,
  isHttpUrl,
  isOnOrigin,
  isLoopbackHost,
  siteHomeUrl,
  sitePageUrl,
} from '@/lib/safety/urls';
import { hostPattern } from '@/lib/safety/host-pattern';

const SITE = 'http://127.0.0.1:8787';

describe('isHttpUrl', () => {
  it('accepts only http and https', () => {
    expect(isHttpUrl('https://example.org/x')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8787/')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>',
      'file:///etc/passwd',
      'ftp://x',
      '/relative',
      '',
      'not a url',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });
});

describe('checkSiteAddress', () => {
  it('accepts https anywhere and http on loopback, answering the origin', () => {
    expect(checkSiteAddress(' http://127.0.0.1:8787/some/path ')).toEqual({ ok: true, origin: SITE });
    expect(checkSiteAddress('http://localhost:3000')).toEqual({ ok: true, origin: 'http://localhost:3000' });
    expect(checkSiteAddress('https://guild.example')).toEqual({ ok: true, origin: 'https://guild.example' });
  });
  it('refuses plain http elsewhere, other schemes, credentials and empty input', () => {
    for (const bad of [
      'http://guild.example',
      'javascript:alert(1)',
      'ftp://x',
      'https://u:p@guild.example',
      '',
      'guild',
    ]) {
      expect(checkSiteAddress(bad).ok, bad).toBe(false);
    }
  });
});

describe('isOnOrigin', () => {
  it('matches scheme, host and port exactly', () => {
    expect(isOnOrigin(`${SITE}/approvals/a1`, SITE)).toBe(true);
    expect(isOnOrigin('http://127.0.0.1:8788/approvals/a1', SITE)).toBe(false);
    expect(isOnOrigin('https://127.0.0.1:8787/approvals/a1', SITE)).toBe(false);
    expect(isOnOrigin('http://127.0.0.1.evil.example:8787/approvals/a1', SITE)).toBe(false);
    expect(isOnOrigin('http://evil.example/?http://127.0.0.1:8787', SITE)).toBe(false);
    expect(isOnOrigin('http://user@127.0.0.1:8787/approvals/a1', SITE)).toBe(false);
    expect(isOnOrigin('javascript:alert(1)', SITE)).toBe(false);
  });
});

describe('site pages (G15): any path on the site origin', () => {
  it('opens the pages the site names wherever they live on its origin', () => {
    for (const path of [
      '/approvals/ap_1',
      '/m/approve/ap_1/review',
      '/account/findings/d1/sign',
      '/billing/credits?cents=500',
      '/',
      '/connections/c_9',
    ]) {
      expect(sitePageUrl(`${SITE}${path}`, SITE), path).toBe(`${SITE}${path}`);
    }
  });
  it('never opens another origin, another scheme, credentials, the API itself or an encoded dot segment', () => {
    expect(sitePageUrl('https://evil.example/approvals/ap_1', SITE)).toBeNull();
    expect(sitePageUrl('http://127.0.0.1:8788/approvals/ap_1', SITE)).toBeNull();
    expect(sitePageUrl('http://127.0.0.2:8787/approvals/ap_1', SITE)).toBeNull();
    expect(sitePageUrl('javascript:alert(1)', SITE)).toBeNull();
    expect(sitePageUrl('data:text/html,<script>alert(1)</script>', SITE)).toBeNull();
    expect(sitePageUrl('http://u:p@127.0.0.1:8787/approvals/ap_1', SITE)).toBeNull();
    expect(sitePageUrl(`${SITE}/api/v1/me`, SITE)).toBeNull();
    expect(sitePageUrl(`${SITE}/approvals/x/../../api/v1/me`, SITE)).toBeNull();
  });
  it('builds the connection page and the site home', () => {
    expect(connectionPageUrl(SITE, 'c_1')).toBe(`${SITE}/connections/c_1`);
    expect(connectionPageUrl(SITE, '../api')).toBe(`${SITE}/connections/..%2Fapi`);
    expect(siteHomeUrl(`${SITE}/whatever`)).toBe(`${SITE}/`);
  });
});

describe('loopback hosts and host permission patterns', () => {
  it('knows this computer: localhost, ::1 and 127.0.0.0/8', () => {
    for (const host of ['localhost', 'LOCALHOST', '[::1]', '127.0.0.1', '127.0.0.2', '127.255.255.255'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '127.0.0.256',
      '128.0.0.1',
      '127.0.0.1.evil.example',
      'localhost.evil.example',
      '10.0.0.1',
      '',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
  it('asks and checks scheme://host/* with no port, the form both browsers match', () => {
    expect(hostPattern('http://127.0.0.1:8787')).toBe('http://127.0.0.1/*');
    expect(hostPattern('https://guild.example:8443/api/v1')).toBe('https://guild.example/*');
    expect(hostPattern('https://guild.example')).toBe('https://guild.example/*');
    expect(hostPattern('http://[::1]:3000/')).toBe('http://[::1]/*');
    expect(hostPattern('javascript:alert(1)')).toBeNull();
    expect(hostPattern('not a url')).toBeNull();
  });
});
