// Worker-thread entry: the server runs TypeScript through tsx, and a worker thread needs its loader registered too.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
