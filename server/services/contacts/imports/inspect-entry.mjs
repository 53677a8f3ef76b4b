// Worker-thread entry of the upload inspection: the server runs TypeScript through tsx, so the thread registers it too.
import { register } from 'tsx/esm/api';

register();
await import('./inspect-thread.ts');
