// Base64 for upload bodies. Written out by hand rather than through btoa(String.fromCharCode(...bytes)),
// which spreads every byte as an argument and overflows the stack on large inputs; this walks the bytes
// once and joins fixed-size pieces, so any size works and nothing depends on Node's Buffer.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Characters of standard padded base64 for `byteLength` bytes. */
export function base64Length(byteLength: number): number {
  return 4 * Math.ceil(byteLength / 3);
}

/** The most bytes whose base64 fits in `chars` characters. */
export function maxBytesForBase64Chars(chars: number): number {
  if (chars < 4) return 0;
  return 3 * Math.floor(chars / 4);
}

// Pieces of this many input bytes (a multiple of 3, so no padding falls inside the text).
const PIECE_BYTES = 3 * 8192;

export function encodeBase64(input: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    input instanceof ArrayBuffer
      ? new Uint8Array(input)
      : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; start += PIECE_BYTES) {
    pieces.push(encodePiece(bytes, start, Math.min(start + PIECE_BYTES, bytes.length)));
  }
  return pieces.join('');
}

function encodePiece(bytes: Uint8Array, start: number, end: number): string {
  let out = '';
  let i = start;
  for (; i + 2 < end; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = end - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += `${ALPHABET[(n >> 18) & 63]!}${ALPHABET[(n >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += `${ALPHABET[(n >> 18) & 63]!}${ALPHABET[(n >> 12) & 63]!}${ALPHABET[(n >> 6) & 63]!}=`;
  }
  return out;
}
