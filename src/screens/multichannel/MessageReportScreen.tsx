import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages } from '../area.messages.ts';
import { StepLinks } from '../StepLinks.tsx';
import { wizardMessages as w } from '../wizard.messages.ts';

const TABS = [
  { path: 'summary', label: w.reportSummary },
  { path: 'timeline', label: w.reportTimeline },
  { path: 'clicked', label: w.reportClicked },
  { path: 'openclicks', label: w.reportOpenclicks },
];

/** A message report: tabs summary, timeline, clicked, openclicks as child routes. */
export function MessageReportScreen() {
  return (
    <>
      <StepLinks label={w.reportTabs} items={TABS} />
      <Outlet />
    </>
  );
}

export function MessageReportTabScreen() {
  const intl = useIntl();
  return (
    <AreaEmptyState
      title={intl.formatMessage(areaMessages.multichannelTitle)}
      description={intl.formatMessage(areaMessages.multichannelText)}
    />
  );
}
