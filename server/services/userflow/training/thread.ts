/** Worker-thread side of inThread.ts: trains once on the input it is handed, posting progress and then the result. */
import { parentPort, workerData } from 'node:worker_threads';
import { ConnectorError } from '../connectors/types.ts';
import { train, type TrainingInput } from './train.ts';
import type { ThreadMessage } from './inThread.ts';

const port = parentPort!;
const post = (message: ThreadMessage) => port.postMessage(message);
try {
  const input = workerData as Omit<TrainingInput, 'onProgress'>;
  const result = train({ ...input, onProgress: (stage, percent) => post({ kind: 'progress', stage, percent }) });
  post({ kind: 'done', result });
} catch (error) {
  post(
    error instanceof ConnectorError
      ? { kind: 'failed', code: error.code, detail: error.detail }
      : { kind: 'failed', code: 'internal', detail: String((error as Error)?.stack ?? error) },
  );
}
