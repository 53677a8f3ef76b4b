import { defineMessages } from 'react-intl';
import type { Permission } from '../../../shared/permissions.ts';

/** What a role may not do, said on the control it cannot use: one text per permission a member can lack. */
export const permittedMessages = defineMessages({
  'contacts:read': { id: 'screen.permissions.contactsRead', defaultMessage: 'Your role cannot see contacts' },
  'contacts:write': { id: 'screen.permissions.contactsWrite', defaultMessage: 'Your role cannot change contacts' },
  'contacts:export': { id: 'screen.permissions.contactsExport', defaultMessage: 'Your role cannot export contacts' },
  'messages:read': { id: 'screen.permissions.messagesRead', defaultMessage: 'Your role cannot see campaigns' },
  'messages:write': {
    id: 'screen.permissions.messagesWrite',
    defaultMessage: 'Your role cannot create or change campaigns and templates',
  },
  'messages:send': { id: 'screen.permissions.messagesSend', defaultMessage: 'Your role cannot send messages' },
  'senders:read': { id: 'screen.permissions.sendersRead', defaultMessage: 'Your role cannot see senders' },
  'senders:manage': {
    id: 'screen.permissions.sendersManage',
    defaultMessage: 'Your role cannot manage senders and sending domains',
  },
  'workflows:read': { id: 'screen.permissions.workflowsRead', defaultMessage: 'Your role cannot see workflows' },
  'workflows:write': { id: 'screen.permissions.workflowsWrite', defaultMessage: 'Your role cannot change workflows' },
  'userflow:read': { id: 'screen.permissions.userflowRead', defaultMessage: 'Your role cannot see UserFlow' },
  'userflow:write': {
    id: 'screen.permissions.userflowWrite',
    defaultMessage: 'Your role cannot change tracked sites and models',
  },
  'integrations:read': {
    id: 'screen.permissions.integrationsRead',
    defaultMessage: 'Your role cannot see integrations',
  },
  'apikeys:manage': { id: 'screen.permissions.apikeysManage', defaultMessage: 'Your role cannot manage API keys' },
  'webhooks:manage': { id: 'screen.permissions.webhooksManage', defaultMessage: 'Your role cannot manage webhooks' },
  'settings:read': { id: 'screen.permissions.settingsRead', defaultMessage: 'Your role cannot see these settings' },
  'settings:manage': {
    id: 'screen.permissions.settingsManage',
    defaultMessage: 'Your role cannot change company settings',
  },
  'team:read': { id: 'screen.permissions.teamRead', defaultMessage: 'Your role cannot see the team' },
  'team:manage': { id: 'screen.permissions.teamManage', defaultMessage: 'Your role cannot manage the team' },
  'audit:read': { id: 'screen.permissions.auditRead', defaultMessage: 'Your role cannot see the audit log' },
  'billing:read': { id: 'screen.permissions.billingRead', defaultMessage: 'Your role cannot see billing' },
  'billing:manage': { id: 'screen.permissions.billingManage', defaultMessage: 'Your role cannot manage billing' },
  'ownership:transfer': {
    id: 'screen.permissions.ownershipTransfer',
    defaultMessage: 'Your role cannot transfer ownership',
  },
} satisfies Record<Exclude<Permission, 'public' | 'self' | 'operator'>, { id: string; defaultMessage: string }>);

export const noAccessMessages = defineMessages({
  title: { id: 'screen.permissions.noAccessTitle', defaultMessage: 'Not available to your role' },
  askAdmin: {
    id: 'screen.permissions.askAdmin',
    defaultMessage: 'Ask an admin or the owner of your team if you need it.',
  },
});
