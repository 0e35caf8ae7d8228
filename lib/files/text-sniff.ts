// Is a picked file text (so it goes through the secret guard) and, if so, what does it say? A file is
// text when its type says so or when its bytes look like text; guessing "text" wrongly only costs a
// scan, guessing "binary" wrongly would let a key leave unchecked, so doubt falls on the side of text.

const TEXT_TYPES = [
  /^text\//,
  /^application\/(json|ld\+json|x-ndjson|xml|javascript|ecmascript|x-javascript|typescript|x-sh|x-shellscript|x-python|x-ruby|x-perl|x-php|x-httpd-php|sql|graphql|yaml|x-yaml|toml|x-toml|x-www-form-urlencoded|x-pem-file|pem-certificate-chain|x-x509-ca-cert|x-tex|rtf|x-subrip)$/,
  /\+(json|xml|yaml)$/,
];

function isTextType(type: string): boolean {
  const bare = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return TEXT_TYPES.some((pattern) => pattern.test(bare));
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

function bomEncoding(bytes: Uint8Array): Encoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

// Control bytes that do not occur in text: all below 0x20 except tab, line feed, vertical tab, form
// feed, carriage return and escape (coloured logs), plus DEL.
function isBinaryControl(byte: number): boolean {
  if (byte === 0x7f) return true;
  if (byte >= 0x20) return false;
  return !(byte === 0x09 || byte === 0x0a || byte === 0x0b || byte === 0x0c || byte === 0x0d || byte === 0x1b);
}

/** Share of stray control bytes above which bytes without a NUL still count as binary. */
const CONTROL_SHARE = 0.1;

/** Bytes look like text: no NUL (the rule git uses) and few stray control bytes. A BOM settles it. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bomEncoding(bytes)) return true;
  let controls = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    if (isBinaryControl(byte)) controls++;
  }
  return bytes.length === 0 || controls / bytes.length <= CONTROL_SHARE;
}

export type TextSniff = { text: true; content: string } | { text: false };

/**
 * Decides whether a file is text and decodes it for scanning. Invalid UTF-8 sequences become U+FFFD
 * rather than failing: a key is ASCII, so it survives a Latin-1 file being read as UTF-8.
 */
export function sniffText(type: string, bytes: Uint8Array): TextSniff {
  if (!isTextType(type) && !looksLikeText(bytes)) return { text: false };
  const encoding = bomEncoding(bytes) ?? 'utf-8';
  return { text: true, content: new TextDecoder(encoding).decode(bytes) };
}
