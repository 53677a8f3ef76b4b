/** Worker-thread side of inspector.ts: inspects the stored uploads it is handed, one at a time, and posts outcomes. */
import { parentPort } from 'node:worker_threads';
import { inspectFile, type StoredFile } from './inspect.ts';

export type ThreadAnswer = Awaited<ReturnType<typeof inspectFile>> | { ok: false; crashed: string };

const port = parentPort!;
port.on('message', (file: StoredFile) => {
  inspectFile(file).then(
    (outcome) => port.postMessage(outcome satisfies ThreadAnswer),
    (error: unknown) =>
      port.postMessage({ ok: false, crashed: String((error as Error)?.stack ?? error) } satisfies ThreadAnswer),
  );
});
