import { Button } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages as m } from '../area.messages.ts';

/** Account, notifications and team: not built yet; Security is. */
export function AccountScreen() {
  const intl = useIntl();
  return (
    <AreaEmptyState title={intl.formatMessage(m.accountTitle)} description={intl.formatMessage(m.accountText)}>
      <Button component={Link} to="/account/security" variant="light">
        {intl.formatMessage(m.securityLink)}
      </Button>
    </AreaEmptyState>
  );
}
