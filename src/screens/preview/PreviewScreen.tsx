import { useIntl } from 'react-intl';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** The preview area, until it is built: the frame and what the area is for. */
export function PreviewScreen() {
  const intl = useIntl();
  return <AreaEmptyState title={intl.formatMessage(m.previewTitle)} description={intl.formatMessage(m.previewText)} />;
}
