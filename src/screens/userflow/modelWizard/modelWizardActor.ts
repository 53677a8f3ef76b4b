import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { modelWizardMachine } from '../../../machines/modelWizard/modelWizard.machine.ts';

export type ModelWizardActor = ActorRefFrom<typeof modelWizardMachine>;

/** The wizard's one actor, hosted by ModelWizardScreen so every step (a child route) shares it. */
export const ModelWizardActorContext = createContext<ModelWizardActor | null>(null);

export function useModelWizardActor(): ModelWizardActor {
  const actor = useContext(ModelWizardActorContext);
  if (!actor) throw new Error('useModelWizardActor outside ModelWizardScreen');
  return actor;
}
