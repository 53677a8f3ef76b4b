import { Container } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useRouteError } from 'react-router';
import { windowTitle } from '../../app/product.ts';
import { errorPageMessages } from '../../i18n/errors.messages.ts';
import { errorStatus } from '../shell/usePageTitle.ts';
import { ErrorScreen } from './ErrorScreen.tsx';

/**
 * Route error element: a failed validity check (404) or a fatal error (its status, default 500). `standalone` when no
 * layout surrounds it (the root route), so it is the page's main landmark.
 */
export function RouteErrorScreen({ standalone = false }: { standalone?: boolean }) {
  const intl = useIntl();
  const error = useRouteError();
  const status = errorStatus(error);
  if (status >= 500) console.error(error);
  return (
    <Container size="sm" component={standalone ? 'main' : 'section'} id={standalone ? 'main' : undefined} py="xl">
      <title>
        {windowTitle(intl.formatMessage(status === 404 ? errorPageMessages.notFound : errorPageMessages.internal))}
      </title>
      <ErrorScreen status={status} />
    </Container>
  );
}
