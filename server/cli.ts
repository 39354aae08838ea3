import fs from 'node:fs';
import { migrate } from './db';
import {
  createMailer,
  deliveryOptions,
  drawDemoPhoto,
  envOrExit,
  mediaDir,
  openShopDatabase,
  orderingOptions,
  paymentsOptions,
} from './runtime';
import { encodePictures } from './services/images/encoder';
import { createInvoices } from './services/invoices/issuing';
import { createOrderNotifier } from './services/orders/notifications';
import { runShopCommand } from './services/orders/commands';
import { createOrdering } from './services/orders/ordering';
import { createRefunds } from './services/orders/refunds';
import { isStaffCommand, processPasswordInput, runStaffCommand } from './services/staff/commands';

/**
 * `npm run shop -- <command>`: staff commands on the data folder's database (DATA_DIR), such as
 * moving an order along its lifecycle, setting stock or opening a staff account. The shop may be
 * running meanwhile.
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
    const args = process.argv.slice(2);
    if (args[0] === 'images:encode') {
      // What the shop does in the background at start-up, in the foreground; --force writes every width again.
      const force = args.includes('--force');
      const result = await encodePictures(db, mediaDir(env), { force, log: console.log, renderRecipe: drawDemoPhoto });
      console.log(
        `Encoded ${result.encoded} picture(s) in ${result.seconds.toFixed(1)} s` +
          (result.missing ? `; ${result.missing} have no original on disk` : ''),
      );
      return result.missing ? 1 : 0;
    }
    if (isStaffCommand(args[0])) {
      return await runStaffCommand(db, args, { out: console.log, err: console.error }, processPasswordInput());
    }
    // Cancelling a paid order refunds it through the shop's own payment provider.
    const { provider } = paymentsOptions(env);
    const refunds = createRefunds(db, provider, Date.now);
    const ordering = createOrdering(db, { provider, refunds, invoices: createInvoices(db, env.seller) }, Date.now, {
      ...orderingOptions(env),
      delivery: deliveryOptions(env),
    });
    const code = await runShopCommand(db, ordering, args, { out: console.log, err: console.error });
    // The shopper hears of a staff change at once, not at the running shop's next sweep.
    await createOrderNotifier(db, createMailer(env), Date.now, {
      siteUrl: env.siteUrl,
      delivery: deliveryOptions(env),
      invoices: createInvoices(db, env.seller),
    }).dispatch();
    return code;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
