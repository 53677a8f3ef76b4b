/**
 * Runs `train` (train.ts) in a worker thread: the forest's loops take seconds to minutes, and the API shares its
 * process with the job worker, so they never hold the event loop. Progress comes back as messages; a failure as the
 * named UserFlow error.
 */
import { Worker } from 'node:worker_threads';
import type { TrainingStage, UserflowErrorCode } from '../../../../shared/userflow.ts';
import { ConnectorError } from '../connectors/types.ts';
import type { TrainingInput, TrainingResult } from './train.ts';

export type ThreadMessage =
  | { kind: 'progress'; stage: TrainingStage; percent: number }
  | { kind: 'done'; result: TrainingResult }
  | { kind: 'failed'; code: UserflowErrorCode; detail: string | null };

/** The thread's heap: up to maxTrainingRows encoded rows, the balanced copy and the forest. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 64 };

export function trainInThread(
  input: Omit<TrainingInput, 'onProgress'>,
  onProgress: (stage: TrainingStage, percent: number) => void,
): Promise<TrainingResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./thread-entry.mjs', import.meta.url), {
      workerData: input,
      resourceLimits: RESOURCE_LIMITS,
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.on('message', (message: ThreadMessage) => {
      if (message.kind === 'progress') onProgress(message.stage, message.percent);
      else if (message.kind === 'done') settle(() => resolve(message.result));
      else settle(() => reject(new ConnectorError(message.code, message.detail)));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => reject(new ConnectorError('internal', error.code ?? error.message))),
    );
    worker.on('exit', () => settle(() => reject(new ConnectorError('internal', 'the training thread stopped'))));
  });
}
