import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { Role } from '../../../shared/permissions.ts';

/** The roles of shared/permissions.ts as a member reads them (team page, invitation page). */
export const roleMessages = defineMessages({
  owner: { id: 'screen.team.role.owner', defaultMessage: 'Owner' },
  admin: { id: 'screen.team.role.admin', defaultMessage: 'Admin' },
  editor: { id: 'screen.team.role.editor', defaultMessage: 'Editor' },
  viewer: { id: 'screen.team.role.viewer', defaultMessage: 'Viewer' },
}) satisfies Record<Role, MessageDescriptor>;
