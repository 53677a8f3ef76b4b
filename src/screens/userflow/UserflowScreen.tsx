import { useIntl } from 'react-intl';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** The userflow area, until it is built: the frame and what the area is for. */
export function UserflowScreen() {
  const intl = useIntl();
  return (
    <AreaEmptyState title={intl.formatMessage(m.userflowTitle)} description={intl.formatMessage(m.userflowText)} />
  );
}
