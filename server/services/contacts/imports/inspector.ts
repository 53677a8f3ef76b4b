import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Inspection, StoredFile } from './inspect.ts';
import type { ThreadAnswer } from './inspect-thread.ts';
import { FILE_TEXTS, IMPORT_LIMITS, LIMIT_TEXTS, uploadFailed } from './limits.ts';

/** Inspections at once: one core stays free for the API, so uploads wait for each other, never the other requests. */
const SLOTS = Math.max(1, availableParallelism() - 1);
/**
 * The inspection thread's heap. SheetJS reads a spreadsheet whole: its unpacked size is capped before that, and this
 * bounds what the reading may take beside it.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 32 };

/** Threads waiting for the next upload: starting one (its loader and the readers' modules) costs half a second. */
const idle: Worker[] = [];
let busy = 0;
const queue: (() => void)[] = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= SLOTS) await new Promise<void>((resolve) => queue.push(resolve));
  else busy += 1;
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else busy -= 1;
  }
}

function thread(): Worker {
  const reused = idle.pop();
  if (reused) return reused;
  const worker = new Worker(new URL('./inspect-entry.mjs', import.meta.url), { resourceLimits: RESOURCE_LIMITS });
  worker.unref(); // an idle thread never keeps the process alive
  return worker;
}

/**
 * Inspects a stored upload (inspect.ts) in a worker thread, so neither a decompression bomb nor a slow file holds
 * the server's event loop: the thread is stopped after IMPORT_LIMITS.seconds, its heap is capped, and a file over a
 * cap is refused with a 422 that names the cap. A thread that answered goes back to the idle ones.
 */
export function inspectUpload(file: StoredFile): Promise<Inspection> {
  return inSlot(
    () =>
      new Promise<Inspection>((resolve, reject) => {
        const worker = thread();
        const done = (keep: boolean) => {
          clearTimeout(timer);
          worker.off('message', onMessage).off('error', onError).off('exit', onExit);
          if (keep) idle.push(worker);
          else void worker.terminate();
        };
        const onMessage = (answer: ThreadAnswer) => {
          done(true);
          if (answer.ok) resolve(answer.inspection);
          else if ('crashed' in answer) reject(new Error(`upload inspection failed: ${answer.crashed}`));
          else reject(uploadFailed(answer.reason));
        };
        const onError = (error: Error & { code?: string }) => {
          done(false);
          reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? uploadFailed(FILE_TEXTS.unreadable) : error);
        };
        const onExit = () => {
          done(false);
          reject(new Error('the upload inspection thread stopped'));
        };
        const timer = setTimeout(() => {
          done(false);
          reject(uploadFailed(LIMIT_TEXTS.seconds));
        }, IMPORT_LIMITS.seconds * 1000);
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        worker.postMessage(file);
      }),
  );
}
