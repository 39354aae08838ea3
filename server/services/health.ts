import type { Db } from '../db';
import { ping } from '../repositories/helpers';
import { countImagesBehind } from '../repositories/images';
import { PIPELINE_VERSION } from './images/pipeline';

/**
 * The database's part of the health check: it answers (`select 1`), and how many pictures wait
 * for their responsive widths (behind PIPELINE_VERSION). Throws when the database does not answer.
 */
export async function checkDatabase(db: Db): Promise<{ picturesWaiting: number }> {
  await ping(db);
  return { picturesWaiting: await countImagesBehind(db, PIPELINE_VERSION) };
}
