/**
 * Background jobs, named once: graphile-worker's task names, the job keys that keep one job per piece of work, and
 * the `kind` each reports in realtime progress. The server queues jobs only through `enqueue` (server/jobs/enqueue.ts);
 * a `job.progressed` event names its job by the same key, so the SPA recognises the progress of the job it started.
 */
export const TASKS = {
  deliverMail: 'deliver_mail',
  sendDigests: 'send_digests',
  importContacts: 'import_contacts',
  exportContacts: 'export_contacts',
  cleanImportUploads: 'clean_import_uploads',
  startMessage: 'start_message',
  sendMessageBatch: 'send_message_batch',
  deliverWebhook: 'deliver_webhook',
  maintainTrackerPartitions: 'maintain_tracker_partitions',
  /** Delivers one endpoint's due webhook deliveries in batches (the fan-out path). */
  drainWebhookEndpoint: 'drain_webhook_endpoint',
  /** Daily: deletes webhook attempts, finished deliveries and their events older than WEBHOOK_LIMITS.logDays. */
  cleanWebhookLog: 'clean_webhook_log',
  /** Daily: deletes audit entries older than AUDIT_RETENTION_DAYS (shared/audit.ts). */
  pruneAuditLog: 'prune_audit_log',
  /** Moves a workflow's due runs through their steps, a batch per transaction (server/services/workflows/engine.ts). */
  advanceWorkflow: 'advance_workflow',
  /** Matches a company's new contact events (the timeline) to its active workflows' triggers and enrols contacts. */
  workflowTrigger: 'workflow_trigger',
  /** Trains a UserFlow model's new version in a worker thread, then scores the contacts with it. */
  trainUserflowModel: 'train_userflow_model',
  /** One scoring run of a UserFlow model (by hand, on schedule or in realtime). */
  scoreUserflowModel: 'score_userflow_model',
} as const;
export type TaskName = (typeof TASKS)[keyof typeof TASKS];

/** graphile-worker's `job_key` of each piece of work (adding a job under a key already queued replaces it). */
export const jobKeys = {
  mail: (mailId: number) => `mail:${mailId}`,
  contactImport: (importId: number) => `contact-import:${importId}`,
  contactExport: (exportId: number) => `contact-export:${exportId}`,
  /** A campaign's start at its scheduled time (or a repeating campaign's next run). */
  messageStart: (messageId: number) => `message-start:${messageId}`,
  /** One batch of a campaign's recipients (the engine sends a batch per job, never one job per email). */
  messageBatch: (messageId: number, batch: number) => `message-batch:${messageId}:${batch}`,
  /** One delivery of an event to an endpoint (its retries reuse the key). */
  webhookDelivery: (deliveryId: number) => `webhook-delivery:${deliveryId}`,
  /** The drain of one endpoint's due deliveries: one queued at a time, an event queues it for now. */
  webhookEndpoint: (endpointId: number) => `webhook-endpoint:${endpointId}`,
  /** A workflow's advancing job now, or at a wait's end (one job per workflow and time, never per contact). */
  workflowAdvance: (workflowId: number, at?: string) => `workflow-advance:${workflowId}${at ? `:${at}` : ''}`,
  /** One trigger-matching job per company: events recorded while it is queued join it (migration 041 queues it). */
  workflowTrigger: (companyId: string) => `workflow-trigger:${companyId}`,
  /** A model's training (one at a time: the API refuses a second while the model is training). */
  userflowTraining: (modelId: number) => `userflow-training:${modelId}`,
  /** A model's scoring run. */
  userflowRun: (runId: number) => `userflow-run:${runId}`,
};

/** The `kind` of a `job.progressed` event. */
export const PROGRESS_KINDS = {
  contactImport: 'contacts.import',
  contactExport: 'contacts.export',
} as const;
export type ProgressKind = (typeof PROGRESS_KINDS)[keyof typeof PROGRESS_KINDS];

/** How a `job.progressed` event names the job it reports on: its key and its kind. */
export const progressOf = {
  contactImport: (importId: number) => ({ jobId: jobKeys.contactImport(importId), kind: PROGRESS_KINDS.contactImport }),
  contactExport: (exportId: number) => ({ jobId: jobKeys.contactExport(exportId), kind: PROGRESS_KINDS.contactExport }),
};
