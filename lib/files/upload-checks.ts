// The checks a file passes before it leaves for POST /files: a name the service takes, a body within
// 64 KB, and, for text, no key, password or token. Each refusal carries the member's words for why.
// The count (at most 6 with one call) is a property of the list, see ./attachments.
import { charCount } from '@/lib/format/chars';
import { formatBytes, formatExactBytes } from '@/lib/format/size';
import { describeSecrets, findSecrets, type SecretFinding } from '@/lib/words/secrets';
import { sniffText } from './text-sniff';
import { maxUploadContentBytes, uploadBodyBytes } from './upload-request';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { MAX_BODY_BYTES, MAX_FILE_NAME_CHARS } from '@/lib/contract/limits';

export interface FileFacts {
  name: string;
  /** The type the browser gave ('' when it did not know). */
  type: string;
  sizeBytes: number;
}

type UploadRefusal = 'name' | 'too_large' | 'secret' | 'unreadable' | 'too_many' | 'duplicate';

export type UploadVerdict =
  | {
      ok: true;
      /** Bytes of the POST /files body that will carry it. */
      bodyBytes: number;
      /** Whether it was read as text and went through the secret guard. */
      scanned: boolean;
    }
  | {
      ok: false;
      reason: UploadRefusal;
      /** One sentence for the member. */
      message: string;
      /** What the secret guard saw (labels only, never the secret). */
      secrets?: SecretFinding[];
    };

export interface CheckOptions {
  sessionId?: string | null;
  /** The secret guard; replaceable so a test can watch what is scanned. */
  findSecrets?: (text: string) => SecretFinding[];
}

/** Checks that need no content: the name and the size. A file refused here is never read. */
function checkFacts(facts: FileFacts, options: CheckOptions = {}): UploadVerdict | null {
  const nameChars = charCount(facts.name);
  if (nameChars < 1 || nameChars > MAX_FILE_NAME_CHARS) {
    return {
      ok: false,
      reason: 'name',
      message: t('attach.nameLength', { max: MAX_FILE_NAME_CHARS, count: formatCount(nameChars) }),
    };
  }
  const bodyBytes = uploadBodyBytes(facts.name, facts.sizeBytes, options.sessionId);
  if (bodyBytes > MAX_BODY_BYTES) {
    const most = maxUploadContentBytes(facts.name, options.sessionId);
    return {
      ok: false,
      reason: 'too_large',
      message: t('attach.tooLarge', {
        size: formatBytes(facts.sizeBytes),
        most: formatBytes(most),
        exact: formatExactBytes(most),
      }),
    };
  }
  return null;
}

/** All checks on one file whose content was read. */
export function checkContent(facts: FileFacts, bytes: Uint8Array, options: CheckOptions = {}): UploadVerdict {
  // The size the browser reported and the bytes read can differ if the file changed on disk.
  const real = { ...facts, sizeBytes: bytes.length };
  const early = checkFacts(real, options);
  if (early) return early;
  const bodyBytes = uploadBodyBytes(real.name, real.sizeBytes, options.sessionId);
  const sniff = sniffText(facts.type, bytes);
  if (!sniff.text) return { ok: true, bodyBytes, scanned: false };
  const secrets = (options.findSecrets ?? findSecrets)(sniff.content);
  if (secrets.length > 0) {
    return {
      ok: false,
      reason: 'secret',
      message: t('attach.secret', { what: describeSecrets(secrets) }),
      secrets,
    };
  }
  return { ok: true, bodyBytes, scanned: true };
}

export interface FileSource extends FileFacts {
  read(): Promise<Uint8Array>;
}

/** A picked or dropped File as a source that is read only when its facts pass. */
export function fileSource(file: File): FileSource {
  return {
    name: file.name,
    type: file.type,
    sizeBytes: file.size,
    read: async () => new Uint8Array(await file.arrayBuffer()),
  };
}

export interface CheckedFile {
  facts: FileFacts;
  /** The content, kept only for a file that passed (it is what will be sent). */
  bytes: Uint8Array | null;
  verdict: UploadVerdict;
}

/** Reads and checks one file; a file that fails on its facts is never read. */
export async function checkFile(source: FileSource, options: CheckOptions = {}): Promise<CheckedFile> {
  const facts: FileFacts = { name: source.name, type: source.type, sizeBytes: source.sizeBytes };
  const early = checkFacts(facts, options);
  if (early) return { facts, bytes: null, verdict: early };
  let bytes: Uint8Array;
  try {
    bytes = await source.read();
  } catch {
    return {
      facts,
      bytes: null,
      verdict: { ok: false, reason: 'unreadable', message: t('attach.couldNotRead') },
    };
  }
  const verdict = checkContent(facts, bytes, options);
  return { facts: { ...facts, sizeBytes: bytes.length }, bytes: verdict.ok ? bytes : null, verdict };
}
