/**
 * Hands bytes to the browser as a file download under `filename` (API downloads are fetched with
 * the bearer token, which a plain link cannot carry).
 *
 * The object URL is released a minute later, not at once: the browser reads it only when the
 * download starts, which on a busy machine can take a while.
 */
export function saveFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
