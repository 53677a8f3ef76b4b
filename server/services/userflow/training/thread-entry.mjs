// Worker-thread entry of UserFlow training: the server runs TypeScript through tsx, so the thread registers it too.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
