import { Hono } from 'hono';
import { PincodeParams } from '../../contract/api/delivery';
import { parseParams, validationError } from '../http/validate';
import { answerMaxAge, deliveryAnswer, type DeliveryOptions } from '../services/delivery/serviceability';

/**
 * The delivery check of the product page and checkout: public (no login), and the same for
 * everyone asking about a pincode at the same time, so browsers and CDNs may keep it a while.
 */
export function deliveryRoutes(options: DeliveryOptions, now: () => number): Hono {
  const app = new Hono({ strict: false });

  app.get('/delivery/:pincode', (c) => {
    // Anything that is not a pincode is the shopper's typing: 400 with the form's own message.
    const { pincode } = parseParams(c, PincodeParams, validationError);
    const at = now();
    c.header('cache-control', `public, max-age=${answerMaxAge(at)}`);
    return c.json(deliveryAnswer(pincode, options, at));
  });

  return app;
}
