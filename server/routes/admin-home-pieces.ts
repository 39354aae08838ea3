import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { AdminBannerSchema, AdminHomeOfferSchema, AdminHomePopupSchema } from '../../contract/api/admin-catalogue';
import { homePopupSchema } from '../../contract/schemas/home-content';
import { MessageAnswerSchema } from '../../contract/api/messages';
import {
  bannerCreateSchema,
  bannerUpdateSchema,
  offerCreateSchema,
  offerUpdateSchema,
} from '../../contract/schemas/admin-catalogue';
import { IdParams } from '../../contract/schemas/common';
import { errors, json, jsonBody, onInvalid, type ApiRoutes } from '../http/api-routes';
import { notFound } from '../http/errors';
import { NO_STAFF_TOKEN, ROLE_REFUSED, type staffOnly, type StaffEnv } from '../http/staff-auth';
import { parseValue } from '../http/validate';
import type { Db } from '../db';
import * as catalogue from '../services/catalogue/admin';
import type { Actor } from '../services/staff/audit';
import type { StaffContext } from '../services/staff/context';
import { imageForm, KEPT, PICTURE_REFUSALS, READ, readImageForm, WRITE } from './catalogue-forms';

/**
 * The routes of one kind of the home page's pieces (banners, offers), as its service
 * (services/catalogue/home-pieces.ts) is one for both: list, add with a picture, change, replace
 * the picture, delete. Each kind names its path, schemas and words.
 */
interface PieceRoutes {
  path: '/banners' | '/offers';
  /** 'banner', 'offer': in the 404's words. */
  noun: string;
  answer: typeof AdminBannerSchema | typeof AdminHomeOfferSchema;
  create: typeof bannerCreateSchema | typeof offerCreateSchema;
  update: typeof bannerUpdateSchema | typeof offerUpdateSchema;
  service: typeof catalogue.banners | typeof catalogue.homeOffers;
  words: {
    list: { summary: string; order: string; all: string };
    add: { summary: string; form: string; created: string };
    change: { summary: string; changed: string };
    replace: { summary: string; replaced: string };
    remove: { summary: string; deleted: string };
  };
}

export const BANNER_ROUTES: PieceRoutes = {
  path: '/banners',
  noun: 'banner',
  answer: AdminBannerSchema,
  create: bannerCreateSchema,
  update: bannerUpdateSchema,
  service: catalogue.banners,
  words: {
    list: { summary: "The home page's banners", order: 'In slider order.', all: 'Every banner.' },
    add: {
      summary: 'Add a banner',
      form: 'A multipart form: `title` (the headline), `subtitle` (a line of text), `button_label` and `link` (a path of the shop or an https:// address; required with a button), each optional but the headline, and the picture in `image`. Last in the slider.',
      created: 'The new banner.',
    },
    change: { summary: "Change a banner's words, button, link or place", changed: 'The banner as changed.' },
    replace: { summary: "Replace a banner's picture", replaced: 'The banner with its new picture.' },
    remove: { summary: 'Delete a banner', deleted: 'Banner deleted.' },
  },
};

export const OFFER_ROUTES: PieceRoutes = {
  path: '/offers',
  noun: 'offer',
  answer: AdminHomeOfferSchema,
  create: offerCreateSchema,
  update: offerUpdateSchema,
  service: catalogue.homeOffers,
  words: {
    list: {
      summary: "The home page's Extra Offers",
      order: 'In shop order, hidden ones included.',
      all: 'Every offer.',
    },
    add: {
      summary: 'Add an offer',
      form: 'A multipart form: `title`, `text`, `search` (what Shop Now searches for) and the picture in `image`. Last among the offers.',
      created: 'The new offer.',
    },
    change: { summary: "Change an offer's words, search or place, or hide it", changed: 'The offer as changed.' },
    replace: { summary: "Replace an offer's picture", replaced: 'The offer with its new picture.' },
    remove: { summary: 'Delete an offer', deleted: 'Offer deleted.' },
  },
};

/** What the catalogue's routes share with these. */
interface Deps {
  db: Db;
  staff: StaffContext;
  read: ReturnType<typeof staffOnly>;
  write: ReturnType<typeof staffOnly>;
  actorOf: (c: Context<StaffEnv>) => Actor;
  tags: string[];
}

/** Serves one kind's five routes on `app`. */
export function homePieceRoutes(app: ApiRoutes<StaffEnv>, deps: Deps, kind: PieceRoutes): void {
  const { db, staff, read, write, actorOf, tags } = deps;
  const { path, words, service } = kind;
  const missing = `No such ${kind.noun}.`;
  const noPiece = onInvalid({ param: () => notFound(missing) });

  const list = createRoute({
    method: 'get',
    path,
    tags,
    summary: words.list.summary,
    description: `${READ} ${words.list.order}`,
    ...read,
    responses: {
      200: json(z.array(kind.answer), words.list.all),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(list, async (c) => c.json(await service.list(db), 200));

  const add = createRoute({
    method: 'post',
    path,
    tags,
    summary: words.add.summary,
    description: `${WRITE} ${words.add.form} ${KEPT}`,
    ...write,
    request: { body: imageForm(kind.create) },
    responses: {
      201: json(kind.answer, words.add.created),
      ...errors(...PICTURE_REFUSALS, NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(add, async (c) => {
    const { fields, file } = await readImageForm(c);
    // The words are checked before the picture is stored: a refused piece writes no file.
    const input = parseValue(kind.create, fields);
    return c.json(await service.create(staff, actorOf(c), input as never, file), 201);
  });

  const change = createRoute({
    method: 'patch',
    path: `${path}/{id}`,
    tags,
    summary: words.change.summary,
    description: `${WRITE} ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(kind.update) },
    responses: {
      200: json(kind.answer, words.change.changed),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [404, missing], 413, 415),
    },
  });
  app.openapi(
    change,
    async (c) =>
      c.json(await service.update(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json') as never), 200),
    noPiece,
  );

  const replace = createRoute({
    method: 'post',
    path: `${path}/{id}/image`,
    tags,
    summary: words.replace.summary,
    description: `${WRITE} A multipart form with the picture in \`image\`. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: imageForm() },
    responses: {
      200: json(kind.answer, words.replace.replaced),
      ...errors(...PICTURE_REFUSALS, NO_STAFF_TOKEN, ROLE_REFUSED, [404, missing]),
    },
  });
  app.openapi(
    replace,
    async (c) => {
      const { file } = await readImageForm(c);
      return c.json(await service.replaceImage(staff, actorOf(c), c.req.valid('param').id, file), 200);
    },
    noPiece,
  );

  const remove = createRoute({
    method: 'delete',
    path: `${path}/{id}`,
    tags,
    summary: words.remove.summary,
    description: `${WRITE} ${KEPT}`,
    ...write,
    request: { params: IdParams },
    responses: {
      200: json(MessageAnswerSchema, words.remove.deleted),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, missing]),
    },
  });
  app.openapi(
    remove,
    async (c) => {
      await service.remove(staff, actorOf(c), c.req.valid('param').id);
      return c.json({ message: words.remove.deleted }, 200);
    },
    noPiece,
  );
}

/** The home page's offer pop-up: read it, and save it whole (shown or switched off). */
export function homePopupRoutes(app: ApiRoutes<StaffEnv>, deps: Deps): void {
  const { db, staff, read, write, actorOf, tags } = deps;

  const get = createRoute({
    method: 'get',
    path: '/home-popup',
    tags,
    summary: "The home page's offer pop-up",
    description: `${READ}`,
    ...read,
    responses: {
      200: json(AdminHomePopupSchema, 'The pop-up, shown or switched off, with its campaign.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(get, async (c) => c.json(await catalogue.readHomePopup(db), 200));

  const save = createRoute({
    method: 'put',
    path: '/home-popup',
    tags,
    summary: "Save the home page's offer pop-up",
    description: `${WRITE} Every field at once. A change of its words, code, button or link starts a new campaign (each visitor sees it once again); switching it off or on keeps the campaign. ${KEPT}`,
    ...write,
    request: { body: jsonBody(homePopupSchema) },
    responses: {
      200: json(AdminHomePopupSchema, 'The pop-up as saved.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, 413, 415),
    },
  });
  app.openapi(save, async (c) => c.json(await catalogue.saveHomePopup(staff, actorOf(c), c.req.valid('json')), 200));
}
