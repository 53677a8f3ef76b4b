import { defineMessage, defineMessages } from 'react-intl';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';

/** Integrations → Api Keys (ids under `screen.apiKeys.`). */
export const apiKeysMessages = defineMessages({
  intro: {
    id: 'screen.apiKeys.intro',
    defaultMessage:
      'API keys let your shop, CRM or automation tools call the Missiva API. A key acts with your role, limited to ' +
      'what you allow here; send it in the "api-key" header. Its secret is shown once, when you create it.',
  },
  docs: { id: 'screen.apiKeys.docs', defaultMessage: 'API reference' },
  add: { id: 'screen.apiKeys.add', defaultMessage: 'Create an API key' },
  empty: {
    id: 'screen.apiKeys.empty',
    defaultMessage: 'No API keys yet. Create one to connect another application to Missiva.',
  },
  loadFailed: { id: 'screen.apiKeys.loadFailed', defaultMessage: 'The API keys could not be loaded.' },
  createFailed: { id: 'screen.apiKeys.createFailed', defaultMessage: 'The API key could not be created. Try again.' },
  revokeFailed: { id: 'screen.apiKeys.revokeFailed', defaultMessage: 'The API key could not be revoked. Try again.' },
  noticeRevoked: { id: 'screen.apiKeys.noticeRevoked', defaultMessage: 'The API key was revoked.' },
  tableLabel: { id: 'screen.apiKeys.tableLabel', defaultMessage: 'API keys' },
  name: { id: 'screen.apiKeys.name', defaultMessage: 'Name' },
  prefix: { id: 'screen.apiKeys.prefix', defaultMessage: 'Key' },
  access: { id: 'screen.apiKeys.access', defaultMessage: 'Access' },
  accessRead: { id: 'screen.apiKeys.accessRead', defaultMessage: 'Read only' },
  accessFull: { id: 'screen.apiKeys.accessFull', defaultMessage: 'Read and write' },
  areas: { id: 'screen.apiKeys.areas', defaultMessage: 'Areas' },
  areasHelp: {
    id: 'screen.apiKeys.areasHelp',
    defaultMessage: 'Leave all unticked to reach every area.',
  },
  areasAll: { id: 'screen.apiKeys.areasAll', defaultMessage: 'All areas' },
  areaContacts: { id: 'screen.apiKeys.areaContacts', defaultMessage: 'Contacts' },
  areaMessages: { id: 'screen.apiKeys.areaMessages', defaultMessage: 'Messages' },
  areaWebhooks: { id: 'screen.apiKeys.areaWebhooks', defaultMessage: 'Webhooks' },
  areaEvents: { id: 'screen.apiKeys.areaEvents', defaultMessage: 'Custom events' },
  expiresAt: { id: 'screen.apiKeys.expiresAt', defaultMessage: 'Expires (optional)' },
  expiresNever: { id: 'screen.apiKeys.expiresNever', defaultMessage: 'Never' },
  createdBy: { id: 'screen.apiKeys.createdBy', defaultMessage: 'Created by' },
  formerMember: { id: 'screen.apiKeys.formerMember', defaultMessage: 'A former member' },
  lastUsed: { id: 'screen.apiKeys.lastUsed', defaultMessage: 'Last used' },
  lastUsedFrom: defineMessage<{ when: string; ip: string }>({
    id: 'screen.apiKeys.lastUsedFrom',
    defaultMessage: '{when} from {ip}',
  }),
  neverUsed: { id: 'screen.apiKeys.neverUsed', defaultMessage: 'Never' },
  status: { id: 'screen.apiKeys.status', defaultMessage: 'Status' },
  active: { id: 'screen.apiKeys.active', defaultMessage: 'Active' },
  revoked: { id: 'screen.apiKeys.revoked', defaultMessage: 'Revoked' },
  expired: { id: 'screen.apiKeys.expired', defaultMessage: 'Expired' },
  revoke: { id: 'screen.apiKeys.revoke', defaultMessage: 'Revoke' },
  revokeLabel: defineMessage<{ name: string }>({ id: 'screen.apiKeys.revokeLabel', defaultMessage: 'Revoke {name}' }),
  confirmTitle: { id: 'screen.apiKeys.confirmTitle', defaultMessage: 'Revoke this API key?' },
  confirmText: defineMessage<{ name: string }>({
    id: 'screen.apiKeys.confirmText',
    defaultMessage: 'Applications using "{name}" will be refused from now on. This cannot be undone.',
  }),
  formTitle: { id: 'screen.apiKeys.formTitle', defaultMessage: 'Create an API key' },
  create: { id: 'screen.apiKeys.create', defaultMessage: 'Create key' },
  nameRequired: { id: 'screen.apiKeys.nameRequired', defaultMessage: FIELD_TEXTS.nameRequired },
  expiryPast: { id: 'screen.apiKeys.expiryPast', defaultMessage: 'Choose a time in the future.' },
  invalid: { id: 'screen.apiKeys.invalid', defaultMessage: 'This value is not valid.' },
  secretTitle: { id: 'screen.apiKeys.secretTitle', defaultMessage: 'Your new API key' },
  secretWarning: {
    id: 'screen.apiKeys.secretWarning',
    defaultMessage: 'Copy it now and keep it somewhere safe: it will not be shown again.',
  },
  secretLabel: { id: 'screen.apiKeys.secretLabel', defaultMessage: 'API key' },
  copy: { id: 'screen.apiKeys.copy', defaultMessage: 'Copy' },
  copied: { id: 'screen.apiKeys.copied', defaultMessage: 'Copied' },
  done: { id: 'screen.apiKeys.done', defaultMessage: 'I have copied it' },
});
