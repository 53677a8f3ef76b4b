import { useIntl } from 'react-intl';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** The billing area, until it is built: the frame and what the area is for. */
export function BillingScreen() {
  const intl = useIntl();
  return <AreaEmptyState title={intl.formatMessage(m.billingTitle)} description={intl.formatMessage(m.billingText)} />;
}
