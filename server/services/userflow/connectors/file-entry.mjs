// Worker-thread entry of the file source's reader: the server runs TypeScript through tsx, so the thread registers it.
import { register } from 'tsx/esm/api';

register();
await import('./file-thread.ts');
