import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { areaMessages } from '../area.messages.ts';
import { StepLinks } from '../StepLinks.tsx';
import { wizardMessages as w } from '../wizard.messages.ts';

const STEPS = [
  { path: 'step-0', label: w.modelStep0 },
  { path: 'step-1', label: w.modelStep1 },
  { path: 'step-2', label: w.modelStep2 },
  { path: 'step-3', label: w.modelStep3 },
  { path: 'step-4', label: w.modelStep4 },
];

const SOURCES = [
  { path: 'api', label: w.sourceApi },
  { path: 'file', label: w.sourceFile },
  { path: 'ga4', label: w.sourceGa4 },
  { path: 'userflow', label: w.sourceUserflow },
];

/** The model wizard: steps step-0 … step-4 as child routes. */
export function ModelWizardScreen() {
  return (
    <>
      <StepLinks label={w.steps} items={STEPS} />
      <Outlet />
    </>
  );
}

/** Step 1: the data-source choice (api, file, ga4, userflow) as child routes. */
export function ModelSourceScreen() {
  return (
    <>
      <StepLinks label={w.sources} items={SOURCES} />
      <Outlet />
    </>
  );
}

export function ModelWizardStepScreen() {
  const intl = useIntl();
  return (
    <AreaEmptyState
      title={intl.formatMessage(areaMessages.stepTitle)}
      description={intl.formatMessage(areaMessages.userflowText)}
    />
  );
}
