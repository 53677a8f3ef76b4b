import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { messageWizardMachine } from '../../../machines/messageWizard/messageWizard.machine.ts';

export type WizardActor = ActorRefFrom<typeof messageWizardMachine>;

/** The wizard's one machine, hosted by the wizard screen and read by each step's screen. */
export const WizardActorContext = createContext<WizardActor | null>(null);

export function useWizardActor(): WizardActor {
  const actor = useContext(WizardActorContext);
  if (!actor) throw new Error('A wizard step renders inside MessageWizardScreen');
  return actor;
}

/** A nullable text field's value as the message stores it: blank is no value. */
export const orNull = (value: string) => (value.trim() === '' ? null : value);
