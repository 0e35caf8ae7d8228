import { describe, expect, it } from 'vitest';
import {
  checkSiteAddress,
  connectionPageUrl,
  isHttpUrl,
  isOnOrigin,
  isSitePagePath,
  sitePageUrl,
  topUpPageUrl,
} from '@/lib/safety/urls';

const SITE = 'http://127.0.0.1:8787';

describe('isHttpUrl', () => {
  it('accepts only http and https', () => {
    expect(isHttpUrl('https://example.org/x')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8787/')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>', 'file:///etc/passwd', 'ftp://x', '/relative', '', 'not a url']) {
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
    for (const bad of ['http://guild.example', 'javascript:alert(1)', 'ftp://x', 'https://u:p@guild.example', '', 'guild']) {
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

describe('site pages (G15)', () => {
  it('knows the member pages', () => {
    for (const path of ['/connect', '/approvals/ap_1', '/findings/drafts/d1', '/shares/d2/sign-off', '/top-up', '/connections/c_9', '/top-up/']) {
      expect(isSitePagePath(path), path).toBe(true);
    }
  });
  it('refuses every other path', () => {
    for (const path of ['/', '/api/v1/me', '/approvals', '/approvals/a/b', '/approvals/..', '/shares/d2', '/connections/', '/agents/x', '/files/f1', '/topup']) {
      expect(isSitePagePath(path), path).toBe(false);
    }
  });
  it('opens a page only on the site origin', () => {
    expect(sitePageUrl(`${SITE}/approvals/ap_1`, SITE)).toBe(`${SITE}/approvals/ap_1`);
    expect(sitePageUrl(`${SITE}/top-up?cents=500`, SITE)).toBe(`${SITE}/top-up?cents=500`);
    expect(sitePageUrl('https://evil.example/approvals/ap_1', SITE)).toBeNull();
    expect(sitePageUrl(`${SITE}/api/v1/me`, SITE)).toBeNull();
    expect(sitePageUrl(`${SITE}/approvals/x/../../api/v1/me`, SITE)).toBeNull();
  });
  it('builds the connection and top-up pages', () => {
    expect(connectionPageUrl(SITE, 'c_1')).toBe(`${SITE}/connections/c_1`);
    expect(connectionPageUrl(SITE, '../api')).toBe(`${SITE}/connections/..%2Fapi`);
    expect(topUpPageUrl(`${SITE}/whatever`)).toBe(`${SITE}/top-up`);
  });
});
