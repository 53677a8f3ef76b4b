import type { SourceKind } from '../../../machines/modelWizard/modelWizard.types.ts';

export interface SourceField {
  name: string;
  /** Write-only: never shown again once saved (the server keeps it encrypted). */
  secret?: boolean;
  multiline?: boolean;
  options?: string[];
}

/** The settings each connector asks for (issue 24 §2). */
export const SOURCE_FIELDS: Record<SourceKind, SourceField[]> = {
  api: [
    { name: 'url' },
    { name: 'authHeader', secret: true },
    { name: 'rowsPath' },
    { name: 'pagination', options: ['none', 'page', 'cursor'] },
  ],
  file: [],
  ga4: [{ name: 'propertyId' }, { name: 'serviceAccount', secret: true, multiline: true }],
  userflow: [{ name: 'eventName' }, { name: 'days' }],
  postgres: [
    { name: 'connectionString', secret: true },
    { name: 'query', multiline: true },
  ],
  mysql: [
    { name: 'connectionString', secret: true },
    { name: 'query', multiline: true },
  ],
  hubspot: [{ name: 'apiKey', secret: true }],
  plausible: [{ name: 'baseUrl' }, { name: 'siteId' }, { name: 'apiKey', secret: true }],
  matomo: [{ name: 'baseUrl' }, { name: 'siteId' }, { name: 'apiKey', secret: true }],
  brevo: [{ name: 'apiKey', secret: true }],
};
