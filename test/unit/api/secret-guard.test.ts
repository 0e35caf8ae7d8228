import { describe, expect, it } from 'vitest';
import { createClient } from '@/lib/api/client';
import { LocalRefusal } from '@/lib/api/errors';
import { hasSecret } from '@/lib/safety/secret-guard';
import { describeSecrets, findSecrets } from '@/lib/words/secrets';
import { fakeFetch, json, KEY, SITE } from './fixtures';
import { errorWords } from '@/lib/words/errors';

// Test secrets are assembled at run time so that no scanner mistakes this file for a leak.
const j = (...parts: string[]) => parts.join('');

const SECRETS: Array<[name: string, text: string, kind: string]> = [
  ['a connection key', `my key is ${KEY} ok`, 'connection_key'],
  ['an OpenAI key', j('use sk-', 'proj-', 'Ab12Cd34Ef56Gh78Ij90Kl12Mn34'), 'openai_like_key'],
  ['an Anthropic key', j('sk-ant-', 'api03-', 'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1'), 'openai_like_key'],
  ['an AWS access key id', j('AKIA', 'IOSFODNN7EXAMPLE'), 'aws_access_key'],
  ['a GitHub classic token', j('ghp_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'), 'github_token'],
  ['a GitHub fine-grained token', j('github_pat_', '11ABCDEFG0123456789_abcdefghijklmnop'), 'github_token'],
  ['a GitLab token', j('glpat-', 'Ab1Cd2Ef3Gh4Ij5Kl6Mn'), 'gitlab_token'],
  ['a Slack bot token', j('xoxb-', '123456789012-1234567890123-AbCdEf'), 'slack_token'],
  ['a Google API key', j('AIza', 'SyD-1234567890abcdefghijklmnopqrstu'), 'google_api_key'],
  ['a Stripe secret key', j('sk_live_', '51HxYzAbCdEfGhIjKl'), 'stripe_key'],
  [
    'a JWT',
    j('token eyJhbGciOiJIUzI1NiJ9', '.eyJzdWIiOiIxMjM0NTY3ODkwIn0', '.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'),
    'jwt',
  ],
  [
    'a PEM RSA private key',
    j('-----BEGIN RSA ', 'PRIVATE KEY-----\nMIIEow...\n-----END RSA PRIVATE KEY-----'),
    'private_key',
  ],
  ['an OpenSSH private key', j('-----BEGIN OPENSSH ', 'PRIVATE KEY-----'), 'private_key'],
  ['a PKCS8 private key', j('-----BEGIN ', 'PRIVATE KEY-----'), 'private_key'],
  ['a bearer header', j('Authorization: Bearer ', 'a8f5f167f44f4964e6c998dee827110c'), 'bearer_token'],
  ['a password in a URL', 'postgres://admin:S3cretPa55@db.internal:5432/app', 'url_password'],
  ['password=', 'password=hunter22', 'assignment'],
  ['DB_PASSWORD env line', 'DB_PASSWORD=correcthorsebattery', 'assignment'],
  ['token: quoted', 'token: "abcd1234"', 'assignment'],
  ['JSON password', '{"password": "p@ssw0rd!"}', 'assignment'],
  ['api_key =', "api_key = 'x7Gh2kLm'", 'assignment'],
  ['client_secret YAML', 'client_secret: 9f8e7d6c5b4a', 'assignment'],
];

const PROSE: string[] = [
  'A CLI in Rust that parses nginx logs and prints the ten slowest endpoints.',
  'How do I rotate the API key safely? Where should the password be stored?',
  'Each token: about four characters of English text on average.',
  'Enter your password: it must be at least 12 characters long.',
  'Use the sk-learn pipeline for classification and the task-management-system for tracking.',
  'Our passwords: never stored in plain text. Secrets are kept in Vault.',
  // A shell variable reference, written as a plain string on purpose.
  ['Set password=$', '{DB_PASSWORD} in the env file, and token = <your token here>.'].join(''),
  'const token = process.env.GITHUB_TOKEN; const password = getPassword();',
  'password: ******** and api_key: xxxxxxxx are placeholders.',
  'The JWT format is header.payload.signature, each part base64url.',
  'Run git clone git@github.com:org/repo.git and open http://localhost:8080/admin.',
  'The public key begins with -----BEGIN PUBLIC KEY----- and that is fine to share.',
  'AKIA is the prefix of AWS access key ids; ghp_ starts a GitHub token.',
  'Convert 2026-05-01T10:00:00Z to local time; ratio 16:9; time: 10:30.',
  'auth = OAuth2 with PKCE; token_type: bearer; grant: authorization_code.',
];

describe('secret guard: finds secrets', () => {
  it.each(SECRETS)('finds %s', (_name, text, kind) => {
    const found = findSecrets(text);
    expect(found.map((f) => f.kind)).toContain(kind);
  });

  it('labels never echo the secret', () => {
    for (const [, text] of SECRETS) {
      for (const f of findSecrets(text)) {
        expect(text.includes(f.label)).toBe(false);
        expect(f.label).toMatch(/^an? /);
      }
    }
  });

  it('lists several kinds once each, and words them for the member', () => {
    const text = `${j('-----BEGIN RSA ', 'PRIVATE KEY-----')} ${j('ghp_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8')} ${j('ghp_', 'z1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8')}`;
    const found = findSecrets(text);
    expect(found.map((f) => f.kind)).toEqual(['private_key', 'github_token']);
    expect(describeSecrets(found)).toBe('a private key block and a GitHub token');
  });
});

describe('secret guard: ordinary text passes', () => {
  it.each(PROSE)('passes %j', (text) => {
    expect(findSecrets(text)).toEqual([]);
    expect(hasSecret(text)).toBe(false);
  });
});

describe('the client refuses secrets before sending', () => {
  function setup() {
    const fake = fakeFetch(json({}));
    return { api: createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch }), requests: fake.requests };
  }
  const pem = j('-----BEGIN ', 'PRIVATE KEY-----\nMIIB');

  it.each([
    ['find', (api: ReturnType<typeof setup>['api']) => api.find(`help with ${pem}`), 'description'],
    [
      'startCall details',
      (api: ReturnType<typeof setup>['api']) => api.startCall({ agentId: 'a', callId: 'apply', details: pem }),
      'details',
    ],
    [
      'startCall question',
      (api: ReturnType<typeof setup>['api']) => api.startCall({ agentId: 'a', callId: 'question', question: pem }),
      'question',
    ],
    [
      'startCall own answer',
      (api: ReturnType<typeof setup>['api']) =>
        api.startCall({ agentId: 'a', callId: 'apply', answers: { db: { kind: 'own', own: 'password=hunter22' } } }),
      'answers.db.own',
    ],
    [
      'quoteCall',
      (api: ReturnType<typeof setup>['api']) => api.quoteCall({ agentId: 'a', callId: 'apply', details: pem }),
      'details',
    ],
    ['putDetails', (api: ReturnType<typeof setup>['api']) => api.putDetails('ses_1', pem), 'details'],
    [
      'createSession',
      (api: ReturnType<typeof setup>['api']) => api.createSession({ agentId: 'a', way: 'plan', details: pem }),
      'details',
    ],
    [
      'reportCall reason',
      (api: ReturnType<typeof setup>['api']) =>
        api.reportCall('run_1', { verdict: 'did_not_help', reasonKind: 'wrong', reason: `it leaked ${pem}` }),
      'reason',
    ],
  ])('%s', async (_name, run, field) => {
    const { api, requests } = setup();
    const error = await run(api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalRefusal);
    expect(error).toMatchObject({ reason: 'secret_found', fields: [field] });
    expect((error as LocalRefusal).found.length).toBeGreaterThan(0);
    expect(errorWords(error as LocalRefusal)).not.toContain('MIIB');
    expect(errorWords(error as LocalRefusal)).not.toContain('hunter22');
    expect(requests).toHaveLength(0);
  });

  it('ordinary details are sent', async () => {
    const { api, requests } = setup();
    await api.startCall({ agentId: 'a', callId: 'apply', details: PROSE.join('\n') }).catch(() => undefined);
    expect(requests).toHaveLength(1);
  });
});
