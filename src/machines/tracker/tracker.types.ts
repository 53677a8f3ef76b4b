// Types shared by the tracker machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';
import type { TrackerLiveEvent } from '../../../shared/realtime-events';

export type TrackerSite = components['schemas']['TrackerSite'];
export type TrackerDayCount = components['schemas']['TrackerDayCount'];
export type TrackerConsentMode = components['schemas']['TrackerConsentMode'];
export type { TrackerLiveEvent };

/** The site's settings as edited on the page. */
export interface TrackerSettingsDraft {
  allowedDomains: string[];
  consentMode: TrackerConsentMode;
  retentionDays: number;
}

/** What the page starts from: the company's first site (none yet: the empty state), its latest events and counts. */
export interface TrackerOverview {
  site: TrackerSite | null;
  events: TrackerLiveEvent[];
  days: TrackerDayCount[];
}

/** A 422's field errors: the first message of each field, as the server sent them. */
export type FieldErrors = Record<string, string>;

export type SaveOutcome = { kind: 'saved'; site: TrackerSite } | { kind: 'rejected'; errors: FieldErrors };

export type TrackerError = 'loadFailed' | 'createFailed' | 'saveFailed';

export interface TrackerContext {
  site: TrackerSite | null;
  events: TrackerLiveEvent[];
  days: TrackerDayCount[];
  draft: TrackerSettingsDraft | null;
  fieldErrors: FieldErrors;
  error: TrackerError | null;
}

export type TrackerEvent =
  | { type: 'tracker.retry' }
  | { type: 'site.create' }
  | { type: 'settings.change'; patch: Partial<TrackerSettingsDraft> }
  | { type: 'settings.save' }
  | { type: 'tracker.received'; siteId: number; events: TrackerLiveEvent[] };
