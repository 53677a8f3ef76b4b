// Types shared by the messageReport machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';
import type { Channel } from '../../../shared/messaging.ts';
import type { ReportFilterName } from '../../../shared/reports.ts';

export type MessageReport = components['schemas']['MessageReport'];
export type ReportLink = components['schemas']['ReportLink'];
export type ReportTimelineBucket = components['schemas']['ReportTimelineBucket'];
export type ReportRecipient = components['schemas']['ReportRecipient'];
export type CampaignRow = components['schemas']['CampaignRow'];
export type MessageLogEntry = components['schemas']['MessageLogEntry'];

export interface ReportData {
  summary: MessageReport;
  links: ReportLink[];
  timeline: ReportTimelineBucket[];
}

/** An action of the report that failed, for the screen to say which. */
export type ReportActionError = 'resendFailed' | 'retryFailed' | 'exportFailed';

export interface MessageReportContext {
  channel: Channel;
  messageId: number;
  data: ReportData | null;
  /** The draft "resend to non-openers" made, for the screen to open in the wizard. */
  created: number | null;
  actionError: ReportActionError | null;
}

export interface ExportRequest {
  filter: ReportFilterName;
  q: string;
}

export type MessageReportEvent =
  | { type: 'report.retry' }
  | { type: 'report.resend' }
  | { type: 'report.retryFailed' }
  | { type: 'report.export'; request: ExportRequest }
  | { type: 'message.updated'; messageId: number };

export interface MessageReportInput {
  channel: Channel;
  messageId: number;
}
