import { useIntl } from 'react-intl';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** The contacts area, until it is built: the frame and what the area is for. */
export function ContactsScreen() {
  const intl = useIntl();
  return <AreaEmptyState title={intl.formatMessage(m.contactsTitle)} description={intl.formatMessage(m.contactsText)} />;
}
