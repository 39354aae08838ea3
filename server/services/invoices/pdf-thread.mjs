// The invoice renderer's worker thread: TypeScript is loaded through tsx here, as the shop's own
// process loads it (`node --import tsx`), whatever started the process (the shop, a test runner).
import { register } from 'tsx/esm/api';

register();
await import('./pdf-thread-main.ts');
