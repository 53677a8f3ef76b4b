// Types shared by the release machine and its actors, so neither module imports the other back.
export interface ReleaseInput {
  buildId: string;
  /** When this tab last reloaded for a chunk failure (kept in sessionStorage), 0 if never. */
  lastChunkReloadAt: number;
}

export interface ReleaseContext extends ReleaseInput {
  latestBuildId: string | null;
}

export type ReleaseEvent = { type: 'route.changed'; href: string } | { type: 'chunk.failed'; at: number };
