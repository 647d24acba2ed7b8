/**
 * A configuration file's bytes as the toolkit reads them: UTF-8 as it is, a byte-order mark kept
 * (V2Ray's JSON reader refuses it, so the checker must see it; the browser's File.text() would drop
 * it), UTF-16 named (the reader stops at its first byte), and bytes that are not UTF-8 found (Go's
 * JSON reader turns each into U+FFFD and goes on, so the value is no longer what was written).
 */
export type Decoded = {
  text: string;
  /** The file is UTF-16: nothing more can be said about it as V2Ray reads it. */
  utf16?: 'UTF-16LE' | 'UTF-16BE';
  /** Offset in `text` of the first character decoded from bytes that are not UTF-8. */
  notUtf8At?: number;
};

export function decodeBytes(bytes: Uint8Array): Decoded {
  const b0 = bytes[0];
  const b1 = bytes[1];
  // a UTF-16 mark, or ASCII text with every other byte zero (UTF-16 without a mark)
  const le = (b0 === 0xff && b1 === 0xfe) || (bytes.length > 1 && b0 !== 0 && b1 === 0);
  const be = (b0 === 0xfe && b1 === 0xff) || (bytes.length > 1 && b0 === 0 && b1 !== 0);
  if (le || be) {
    const encoding = le ? 'UTF-16LE' : 'UTF-16BE';
    return {text: new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(bytes), utf16: encoding};
  }
  try {
    return {text: new TextDecoder('utf-8', {fatal: true, ignoreBOM: true}).decode(bytes)};
  } catch {
    const text = new TextDecoder('utf-8', {ignoreBOM: true}).decode(bytes);
    return {text, notUtf8At: Math.max(0, text.indexOf('\uFFFD'))};
  }
}
