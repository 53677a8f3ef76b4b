import type { MessageDescriptor } from 'react-intl';
import {
  ALGORITHMS,
  TRAINING_STAGES,
  USERFLOW_ERRORS,
  USERFLOW_ERROR_CODES,
  type Algorithm,
  type TrainingStage,
  type UserflowErrorCode,
} from '../../../shared/userflow.ts';

/** Message ids are camelCase (`peer_unreachable` → `peerUnreachable`), as every id of the catalogue. */
const idPart = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The UserFlow error codes a connector, training or a run answers (shared/userflow.ts USERFLOW_ERRORS), in the
 * reader's language: the English text is the shared one, the Italian lives in it.json under the same ids.
 */
export const userflowErrorText = Object.fromEntries(
  USERFLOW_ERROR_CODES.map((code) => [
    code,
    { id: `screen.userflow.error.${idPart(code)}`, defaultMessage: USERFLOW_ERRORS[code] } satisfies MessageDescriptor,
  ]),
) as Record<UserflowErrorCode, { id: string; defaultMessage: string }>;

/** A code the server sent that this build does not know (a newer server) reads as the generic failure. */
export const userflowErrorFor = (code: string) =>
  userflowErrorText[(code in userflowErrorText ? code : 'internal') as UserflowErrorCode];

const STAGE_TEXTS: Record<TrainingStage, string> = {
  reading: 'Reading the rows…',
  encoding: 'Preparing the features…',
  training_linear: 'Training the linear model…',
  training_forest: 'Training the tree ensemble…',
  evaluating: 'Measuring on held-out rows…',
  scoring: 'Scoring the contacts…',
};

/** Training's stages as realtime `userflow.model` names them. */
export const trainingStageText = Object.fromEntries(
  TRAINING_STAGES.map((stage) => [
    stage,
    { id: `screen.userflow.stage.${idPart(stage)}`, defaultMessage: STAGE_TEXTS[stage] } satisfies MessageDescriptor,
  ]),
) as Record<TrainingStage, { id: string; defaultMessage: string }>;

const ALGORITHM_TEXTS: Record<Algorithm, string> = {
  logistic_regression: 'logistic regression (linear)',
  random_forest: 'random forest (tree ensemble)',
  linear_regression: 'linear regression',
  random_forest_regression: 'random forest regression (tree ensemble)',
};

/** The algorithms training tries, named for people. */
export const algorithmText = Object.fromEntries(
  ALGORITHMS.map((algorithm) => [
    algorithm,
    {
      id: `screen.userflow.algorithm.${idPart(algorithm)}`,
      defaultMessage: ALGORITHM_TEXTS[algorithm],
    } satisfies MessageDescriptor,
  ]),
) as Record<Algorithm, { id: string; defaultMessage: string }>;
