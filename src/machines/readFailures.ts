/**
 * Failed reads in a row after which a machine following a server job (an import, an export) stops and says the job
 * is no longer followed, instead of retrying forever; the user can follow it again.
 */
export const MAX_READ_FAILURES = 3;
