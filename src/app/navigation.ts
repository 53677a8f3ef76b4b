/** Full page loads: the session and release machines end the page's life through these. */

/** Only same-origin absolute paths are followed after login; anything else falls back to '/'. */
export function safeReturnPath(path: string | null | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path;
}

export function loadPage(path: string): void {
  if (typeof window !== 'undefined') window.location.assign(path);
}

export function reloadPage(): void {
  if (typeof window !== 'undefined') window.location.reload();
}

const CHUNK_RELOAD_KEY = 'missiva.chunkReloadAt';

export function readChunkReloadAt(): number {
  try {
    return Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

export function writeChunkReloadAt(at: number): void {
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(at));
  } catch {
    // Without storage the guard lasts for this page only.
  }
}
