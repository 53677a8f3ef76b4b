/**
 * Worker-thread side of the file source (file.ts): reads a stored upload with the contacts import readers and hands
 * its records over one chunk at a time, only when the parent asks for the next, so a large file never sits whole in
 * the server's memory and its parsing never runs on the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readChunks, type ReadOptions } from '../../contacts/imports/reader.ts';

export interface FileThreadInput {
  path: string;
  options: ReadOptions;
}
export type FileThreadAnswer =
  { type: 'chunk'; records: string[][] } | { type: 'done' } | { type: 'failed'; message: string };

const input = workerData as FileThreadInput;
const port = parentPort!;
const chunks = readChunks(input.path, input.options);

port.on('message', (message: 'next') => {
  if (message !== 'next') return;
  chunks.next().then(
    (result) =>
      port.postMessage((result.done ? { type: 'done' } : { type: 'chunk', records: result.value }) as FileThreadAnswer),
    (error: unknown) => port.postMessage({ type: 'failed', message: String((error as Error)?.message ?? error) }),
  );
});
