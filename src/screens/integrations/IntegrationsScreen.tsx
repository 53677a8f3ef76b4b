import { useIntl } from 'react-intl';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** The integrations area, until it is built: the frame and what the area is for. */
export function IntegrationsScreen() {
  const intl = useIntl();
  return (
    <AreaEmptyState
      title={intl.formatMessage(m.integrationsTitle)}
      description={intl.formatMessage(m.integrationsText)}
    />
  );
}
