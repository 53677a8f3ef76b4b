import { useIntl } from 'react-intl';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** The workflows area, until it is built: the frame and what the area is for. */
export function WorkflowsScreen() {
  const intl = useIntl();
  return (
    <AreaEmptyState title={intl.formatMessage(m.workflowsTitle)} description={intl.formatMessage(m.workflowsText)} />
  );
}
