/**
 * Copies text for the copy buttons (code blocks, the UUID generator). The clipboard API exists
 * only in secure contexts (HTTPS, localhost); elsewhere (HTTP on a local network) the
 * copy-text-to-clipboard fallback is loaded when first needed, so the common case carries none of
 * it. Resolves to whether the text was copied; a clipboard API error rejects, for the caller (or
 * the browser's error reporting) to see.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return true;
  }
  const {default: copy} = await import('copy-text-to-clipboard');
  return copy(text);
}
