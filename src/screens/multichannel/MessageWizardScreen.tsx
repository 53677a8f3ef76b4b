import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages } from '../area.messages.ts';
import { StepLinks } from '../StepLinks.tsx';
import { wizardMessages as w } from '../wizard.messages.ts';

const STEPS = [
  { path: 'step-0', label: w.messageStep0 },
  { path: 'step-1', label: w.messageStep1 },
  { path: 'step-2', label: w.messageStep2 },
  { path: 'step-3', label: w.messageStep3 },
];

/** The message wizard: steps step-0 … step-3 as child routes. */
export function MessageWizardScreen() {
  return (
    <>
      <StepLinks label={w.steps} items={STEPS} />
      <Outlet />
    </>
  );
}

export function MessageWizardStepScreen() {
  const intl = useIntl();
  return (
    <AreaEmptyState
      title={intl.formatMessage(areaMessages.stepTitle)}
      description={intl.formatMessage(areaMessages.multichannelText)}
    />
  );
}
