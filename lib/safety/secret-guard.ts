/**
 * Secret guard: finds text that looks like it holds a key, password or token, so it is refused before it
 * leaves the machine (the service refuses it too, with 400 secret_in_details). It reports what kind of
 * secret it saw, never the secret itself; lib/words/secrets.ts says the kinds in the member's words. No i18n
 * here: the emulator refuses secrets with the same patterns.
 *
 * Patterns are anchored on shapes that ordinary prose does not have (fixed prefixes with long random
 * tails, PEM armour, `name = value` assignments with a secret-looking value), to keep false positives low.
 */
export type SecretKind =
  | 'private_key'
  | 'connection_key'
  | 'jwt'
  | 'openai_like_key'
  | 'stripe_key'
  | 'aws_access_key'
  | 'github_token'
  | 'gitlab_token'
  | 'slack_token'
  | 'google_api_key'
  | 'bearer_token'
  | 'url_password'
  | 'assignment';

/** Has at least one letter and one digit: separates random tokens from hyphenated words. */
function mixesLettersAndDigits(s: string): boolean {
  return /[A-Za-z]/.test(s) && /\d/.test(s);
}

interface Detector {
  kind: SecretKind;
  pattern: RegExp;
  /** Extra check on the match (the whole match and its groups). */
  accept?: (match: RegExpExecArray) => boolean;
}

const DETECTORS: readonly Detector[] = [
  {
    kind: 'private_key',
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/,
  },
  {
    kind: 'connection_key',
    pattern: /(?<![A-Za-z0-9_])gpc_[A-Za-z0-9_-]{20,}/,
  },
  {
    kind: 'jwt',
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/,
  },
  {
    kind: 'openai_like_key',
    pattern: /(?<![A-Za-z0-9_-])sk-(?:proj-|ant-(?:api\d+-)?|svcacct-|admin-)?([A-Za-z0-9_-]{20,})/,
    accept: (m) => mixesLettersAndDigits(m[1] ?? ''),
  },
  {
    kind: 'stripe_key',
    pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/,
  },
  {
    kind: 'aws_access_key',
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}(?![A-Z0-9])/,
  },
  {
    kind: 'github_token',
    pattern: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/,
  },
  {
    kind: 'gitlab_token',
    pattern: /(?<![A-Za-z0-9_])glpat-[A-Za-z0-9_-]{20,}/,
  },
  {
    kind: 'slack_token',
    pattern: /(?<![A-Za-z0-9_])xox[abposr]-[A-Za-z0-9-]{10,}/,
    accept: (m) => /\d/.test(m[0]),
  },
  {
    kind: 'google_api_key',
    pattern: /(?<![A-Za-z0-9_])AIza[0-9A-Za-z_-]{35}/,
  },
  {
    kind: 'bearer_token',
    pattern: /\bBearer\s+([A-Za-z0-9._~+/-]{20,}=*)/,
    accept: (m) => mixesLettersAndDigits(m[1] ?? ''),
  },
  {
    kind: 'url_password',
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:([^\s/@]+)@/i,
    accept: (m) => !isPlaceholder(m[1] ?? ''),
  },
];

/** Names in `name = value` assignments that hold secrets (also as suffixes: DB_PASSWORD, github_token). */
const SECRET_NAME =
  '(?:[A-Za-z0-9]+[_.-])*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret)';

/**
 * `password=...`, `token: "..."`, `API_KEY = ...`. Groups: 1 the separator, 2 the opening quote (or ''),
 * 3 the value.
 * The separator is `=` or `:` with optional quotes around the name (JSON, YAML, env files, code).
 */
const ASSIGNMENT = new RegExp(
  `(?<![A-Za-z0-9_])["']?${SECRET_NAME}["']?[ \\t]*(=|:)[ \\t]*(["'\`]?)([^\\s"'\`,;]+)`,
  'gi',
);

const PLACEHOLDERS =
  /^(?:\*+|x{3,}|\.{3,}|…|<[^>]*>|\[[^\]]*\]|\{\{.*\}\}|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_]+%|null|none|nil|undefined|true|false|changeme|change_me|your[_-]?\w*|my[_-]?\w*|example\w*|placeholder|redacted|hidden|secret|password|token|required|optional|string|env|todo)$/i;

function isPlaceholder(value: string): boolean {
  return PLACEHOLDERS.test(value);
}

/** A reference to something else (process.env.X, config.token, getToken()), not a literal secret. */
function isReference(value: string): boolean {
  return /[()[\]{}]/.test(value) || /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value);
}

function assignmentLooksSecret(separator: string, quote: string, value: string): boolean {
  if (isPlaceholder(value) || isReference(value)) return false;
  // A quoted literal is a value on purpose.
  if (quote !== '') return value.length >= 4;
  if (value.length < 6) return false;
  // Unquoted after "=" (env files, config): a value of 8+ characters, or one mixing in digits or symbols.
  const hasNonLetter = /[^A-Za-z]/.test(value);
  if (separator === '=') return hasNonLetter || value.length >= 8;
  // Unquoted after ":" reads like prose ("token: about four characters"); only values mixing in
  // digits or symbols count.
  return hasNonLetter && /[A-Za-z]/.test(value);
}

/** The kinds of secret in `text`, one each, in a fixed order; no words, so the emulator can use it too. */
export function secretKinds(text: string): SecretKind[] {
  const found: SecretKind[] = [];
  for (const d of DETECTORS) {
    const re = new RegExp(d.pattern.source, d.pattern.flags.includes('g') ? d.pattern.flags : `${d.pattern.flags}g`);
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (!d.accept || d.accept(m)) {
        found.push(d.kind);
        break;
      }
    }
  }
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(text); m !== null; m = ASSIGNMENT.exec(text)) {
    if (assignmentLooksSecret(m[1] ?? '', m[2] ?? '', m[3] ?? '')) {
      found.push('assignment');
      break;
    }
  }
  return found;
}

export function hasSecret(text: string): boolean {
  return secretKinds(text).length > 0;
}
