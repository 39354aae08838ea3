// The menu splice's thread (refresher.ts): puts a new category menu into every page it is sent.
import { serveInThread } from '../../shared/worker-pool';
import { putMenuInPages } from './menu-splice';

serveInThread(putMenuInPages);
