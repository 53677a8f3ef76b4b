import { useIntl } from 'react-intl';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** The cockpit area, until it is built: the frame and what the area is for. */
export function CockpitScreen() {
  const intl = useIntl();
  return <AreaEmptyState title={intl.formatMessage(m.cockpitTitle)} description={intl.formatMessage(m.cockpitText)} />;
}
