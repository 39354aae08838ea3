import { createRoute } from '@hono/zod-openapi';
import {
  DeliveryAnswerSchema,
  PincodeParams,
  PincodePlaceSchema,
  UNKNOWN_PINCODE_MESSAGE,
} from '../../contract/api/delivery';
import { NotFound } from '../services/errors';
import { pincodePlace } from '../services/delivery/pincode-directory';
import { ApiRoutes, errors, json } from '../http/api-routes';
import { answerMaxAge, deliveryAnswer, type DeliveryOptions } from '../services/delivery/serviceability';

/**
 * The delivery check of the product page and checkout: public (no login), and the same for
 * everyone asking about a pincode at the same time, so browsers and CDNs may keep it a while.
 */
export function deliveryRoutes(options: DeliveryOptions, now: () => number): ApiRoutes {
  const app = new ApiRoutes();

  // Anything that is not a pincode is the shopper's typing: 400 with the form's own message.
  const check = createRoute({
    method: 'get',
    path: '/delivery/{pincode}',
    tags: ['Delivery'],
    summary: 'Check delivery to a pincode',
    description:
      "The zone of the pincode's longest configured prefix gives the days (Sundays not counted, from " +
      'today in India) and whether cash on delivery is offered, for orders up to `cod_limit`. Cached ' +
      'by browsers for 5 minutes (less just before midnight in India, when the dates move on).',
    request: { params: PincodeParams },
    responses: {
      200: json(DeliveryAnswerSchema, 'Deliverable with its date, or not deliverable.'),
      ...errors([400, 'Not a pincode: `Valid 6-digit pincode is required`.']),
    },
  });
  app.openapi(check, (c) => {
    const at = now();
    c.header('cache-control', `public, max-age=${answerMaxAge(at)}`);
    return c.json(deliveryAnswer(c.req.valid('param').pincode, options, at), 200);
  });

  const place = createRoute({
    method: 'get',
    path: '/pincodes/{pincode}',
    tags: ['Delivery'],
    summary: "A pincode's city and state",
    description:
      "The district (offered as the city) and state of a pincode, from India's pincode directory shipped with the " +
      "shop (GeoNames' postal codes, CC BY 4.0): the address form fills City and State from it. The directory " +
      'changes only with the shop, so an answer may be kept for a day.',
    request: { params: PincodeParams },
    responses: {
      200: json(PincodePlaceSchema, 'The pincode is in the directory.'),
      ...errors([400, 'Not a pincode: `Valid 6-digit pincode is required`.'], [404, UNKNOWN_PINCODE_MESSAGE]),
    },
  });
  app.openapi(place, (c) => {
    const found = pincodePlace(c.req.valid('param').pincode);
    if (!found) throw new NotFound(UNKNOWN_PINCODE_MESSAGE);
    c.header('cache-control', 'public, max-age=86400');
    return c.json(found, 200);
  });

  return app;
}
