import { api } from '../../api/appClient.ts';
import type { FetchResult } from '../../api/client.ts';

type Init = { params?: { path?: Record<string, unknown>; query?: Record<string, unknown> }; body?: unknown };
type Call = (path: string, init?: Init) => Promise<FetchResult<unknown>>;

/**
 * The app's one client for the UserFlow model operations, until the userflow contract (branch `ufserver`) is merged
 * and `shared/contract/schema` types these paths; then the actors call `api` directly. Same middleware (session,
 * language, timeout, loading bar) as every other call.
 */
export const userflowApi = api as unknown as { GET: Call; POST: Call; PATCH: Call; PUT: Call; DELETE: Call };
