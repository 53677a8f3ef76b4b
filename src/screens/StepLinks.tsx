import { Tabs } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation, useNavigate, useResolvedPath } from 'react-router';

/** Child routes of a wizard or report as tabs; the URL is the state. */
export function StepLinks({
  label,
  items,
}: {
  label: MessageDescriptor;
  items: Array<{ path: string; label: MessageDescriptor }>;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = useResolvedPath('.').pathname.replace(/\/$/, '');
  const child = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1).split('/')[0] : undefined;
  const current = items.find((item) => item.path === child)?.path ?? null;
  return (
    <Tabs value={current} onChange={(value) => value && navigate(value)} mb="lg" keepMounted={false}>
      <Tabs.List aria-label={intl.formatMessage(label)}>
        {items.map((item) => (
          <Tabs.Tab key={item.path} value={item.path}>
            {intl.formatMessage(item.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
