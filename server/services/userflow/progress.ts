/**
 * A model's state changes as the jobs make them: the row (status, training stage, error) and the realtime
 * `userflow.model` event the wizard and the list follow, written together so a reload shows what the event said.
 */
import type { ModelStatus, TrainingStage, UserflowErrorCode } from '../../../shared/userflow.ts';
import { USERFLOW_ERRORS } from '../../../shared/userflow.ts';
import type { Scope } from '../scope.ts';
import { ConnectorError } from './connectors/types.ts';

export async function reportProgress(
  scope: Scope,
  modelId: number,
  status: ModelStatus,
  stage: TrainingStage | null,
  percent: number | null,
  error: { code: UserflowErrorCode; detail: string | null } | null = null,
): Promise<void> {
  const training = stage === null ? null : { stage, percent: percent ?? 0 };
  const stored = error ? { code: error.code, message: USERFLOW_ERRORS[error.code], detail: error.detail } : null;
  await scope.db.query(
    `update userflow_models set status = $3, training = $4::jsonb,
       error = case when $6::boolean then $5::jsonb else error end, updated_at = now()
     where company_id = $1 and id = $2`,
    [
      scope.companyId,
      modelId,
      status,
      training && JSON.stringify(training),
      JSON.stringify(stored),
      status !== 'training' ? true : stored !== null,
    ],
  );
  scope.realtime.toCompany(scope.companyId, 'userflow.model', { modelId, status, stage, percent, error });
}

/** Any failure as a named UserFlow error; an unexpected one is logged and said as `internal` without its detail. */
export function userflowFailure(scope: Scope, error: unknown, what: string): ConnectorError {
  if (error instanceof ConnectorError && error.code !== 'internal') return error;
  scope.log.error({ err: error }, `userflow ${what} failed`);
  return new ConnectorError('internal');
}
