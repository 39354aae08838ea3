import fs from 'node:fs';
import { migrate } from './db';
import { envOrExit, openShopDatabase } from './runtime';
import { runShopCommand } from './services/orders/commands';

/**
 * `npm run shop -- <command>`: staff commands on the data folder's database (DATA_DIR), such as
 * moving an order along the delivery tracker. The shop may be running meanwhile.
 */
async function main(): Promise<number> {
  const env = envOrExit();
  if (env.database.engine === 'sqlite' && !fs.existsSync(env.database.file)) {
    console.error(
      `No shop database at ${env.database.file}. Start the shop once (npm start), or set DATA_DIR to its data folder.`,
    );
    return 1;
  }
  const db = await openShopDatabase(env);
  try {
    await migrate(db);
    return await runShopCommand(db, process.argv.slice(2), { out: console.log, err: console.error });
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
