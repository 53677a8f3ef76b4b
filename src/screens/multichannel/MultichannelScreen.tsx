import { useIntl } from 'react-intl';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** The multichannel area, until it is built: the frame and what the area is for. */
export function MultichannelScreen() {
  const intl = useIntl();
  return (
    <AreaEmptyState
      title={intl.formatMessage(m.multichannelTitle)}
      description={intl.formatMessage(m.multichannelText)}
    />
  );
}
