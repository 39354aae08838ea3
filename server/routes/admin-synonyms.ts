import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { SynonymPageSchema, SynonymPairSchema } from '../../contract/api/admin-synonyms';
import { SynonymListQuery, SynonymPairBody, SynonymPairQuery } from '../../contract/schemas/admin-synonyms';
import { ApiRoutes, errors, json, jsonBody } from '../http/api-routes';
import { NO_STAFF_TOKEN, ROLE_REFUSED, staffOnly, whoMay, type StaffEnv, staffActor } from '../http/staff-auth';
import { addSynonymPair, readSynonymPage, removeSynonymPair } from '../services/catalogue/synonyms';
import type { StaffContext } from '../services/staff/context';

/** Search synonyms under /api/admin/synonyms: read with `catalogue.read`, changed with `catalogue.write`. */
export function adminSynonymRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const app = new ApiRoutes<StaffEnv>();
  const actorOf = (c: Context<StaffEnv>) => staffActor(c, staff);
  const reader = staffOnly(staff, 'catalogue.read');
  const editor = staffOnly(staff, 'catalogue.write');
  const tags = ['Back office: search synonyms'];

  const list = createRoute({
    method: 'get',
    path: '/synonyms',
    tags,
    summary: 'Search synonyms',
    description:
      `${whoMay('catalogue.read')} The pairs search applies to shoppers' queries (haldi ↔ turmeric), in ` +
      'alphabetical order, filtered by a word.',
    ...reader,
    request: { query: SynonymListQuery },
    responses: {
      200: json(SynonymPageSchema, 'One page of pairs.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(list, async (c) => c.json(await readSynonymPage(staff.db, c.req.valid('query')), 200));

  const add = createRoute({
    method: 'post',
    path: '/synonyms',
    tags,
    summary: 'Add a synonym pair',
    description:
      `${whoMay('catalogue.write')} Both words trimmed and lower-cased; letters of any script, digits, spaces ` +
      'and hyphens, 1–40 characters. The word shoppers type is one word; two single words work both ways, a ' +
      'phrase (up to four words) is found by the word only. Search uses it at once; logged.',
    ...editor,
    request: { body: jsonBody(SynonymPairBody) },
    responses: {
      201: json(SynonymPairSchema, 'The pair, added.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [409, 'The pair is there already, in either order.'], 413, 415),
    },
  });
  app.openapi(add, async (c) => c.json(await addSynonymPair(staff, actorOf(c), c.req.valid('json')), 201));

  const remove = createRoute({
    method: 'delete',
    path: '/synonyms',
    tags,
    summary: 'Remove a synonym pair',
    description: `${whoMay('catalogue.write')} The pair named in either order; search stops using it at once; logged.`,
    ...editor,
    request: { query: SynonymPairQuery },
    responses: {
      204: { description: 'Removed.' },
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such pair.']),
    },
  });
  app.openapi(remove, async (c) => {
    await removeSynonymPair(staff, actorOf(c), c.req.valid('query'));
    return c.body(null, 204);
  });

  return app;
}
