import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  AdminCategorySchema,
  AdminProductPageSchema,
  AdminProductSchema,
  AdminSubcategorySchema,
} from '../../contract/api/admin-catalogue';
import {
  AdminProductsQuery,
  categoryCreateSchema,
  categoryUpdateSchema,
  imageMoveSchema,
  productCreateSchema,
  productSaveSchema,
  productUpdateSchema,
  stockSetSchema,
  subcategoryCreateSchema,
  subcategoryUpdateSchema,
  variantCreateSchema,
  variantUpdateSchema,
} from '../../contract/schemas/admin-catalogue';
import { IdParams } from '../../contract/schemas/common';
import { ApiRoutes, errors, json, jsonBody, onInvalid } from '../http/api-routes';
import { notFound } from '../http/errors';
import { NO_STAFF_TOKEN, ROLE_REFUSED, staffOnly, type StaffEnv, staffActor } from '../http/staff-auth';
import * as catalogue from '../services/catalogue/admin';
import { BANNER_ROUTES, homePieceRoutes, homePopupRoutes, OFFER_ROUTES } from './admin-home-pieces';
import { imageForm, KEPT, PICTURE_REFUSALS, READ, readImageForm, WRITE } from './catalogue-forms';
import type { StaffContext } from '../services/staff/context';

/**
 * The back office's catalogue under /api/admin/catalogue: categories, subcategories, products,
 * variants, stock, pictures and banners. Reads need `catalogue.read`, changes `catalogue.write`.
 */
export function adminCatalogueRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const { db } = staff;
  const app = new ApiRoutes<StaffEnv>();
  const read = staffOnly(staff, 'catalogue.read');
  const write = staffOnly(staff, 'catalogue.write');
  const actorOf = (c: Context<StaffEnv>) => staffActor(c, staff);
  const missing = (what: string) => onInvalid({ param: () => notFound(`No such ${what}.`) });
  const noCategory = missing('category');
  const noSubcategory = missing('subcategory');
  const noProduct = missing('product');
  const noVariant = missing('variant');
  const noImage = missing('picture');
  const tags = ['Back office'];

  // ---- Categories and subcategories ----

  const categories = createRoute({
    method: 'get',
    path: '/categories',
    tags,
    summary: 'Categories and subcategories, hidden ones included',
    description: `${READ} In shop order, with how many products each lists (hidden products too).`,
    ...read,
    responses: {
      200: json(z.array(AdminCategorySchema), 'Every category with its subcategories.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(categories, async (c) => c.json(await catalogue.categoryTree(db), 200));

  const addCategory = createRoute({
    method: 'post',
    path: '/categories',
    tags,
    summary: 'Add a category',
    description: `${WRITE} Last in the menu. The menu is on every page: it is put into each page again, with the category's own pages. ${KEPT}`,
    ...write,
    request: { body: jsonBody(categoryCreateSchema) },
    responses: {
      201: json(AdminCategorySchema, 'The new category.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [409, 'A category of that name exists.'], 413, 415),
    },
  });
  app.openapi(addCategory, async (c) =>
    c.json(await catalogue.createCategory(staff, actorOf(c), c.req.valid('json')), 201),
  );

  const changeCategory = createRoute({
    method: 'patch',
    path: '/categories/{id}',
    tags,
    summary: 'Rename, move, hide or show a category',
    description:
      `${WRITE} A hidden category leaves the storefront with its subcategories and products; orders keep ` +
      `what they name. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(categoryUpdateSchema) },
    responses: {
      200: json(AdminCategorySchema, 'The category as changed.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such category.'],
        [409, 'A category of that name exists.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    changeCategory,
    async (c) =>
      c.json(await catalogue.updateCategory(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
    noCategory,
  );

  const addSubcategory = createRoute({
    method: 'post',
    path: '/subcategories',
    tags,
    summary: 'Add a subcategory',
    description: `${WRITE} Last in its category. ${KEPT}`,
    ...write,
    request: { body: jsonBody(subcategoryCreateSchema) },
    responses: {
      201: json(AdminSubcategorySchema, 'The new subcategory.'),
      ...errors(
        [400, 'Not valid, or no such category.'],
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [409, 'The category has a subcategory of that name.'],
        413,
        415,
      ),
    },
  });
  app.openapi(addSubcategory, async (c) =>
    c.json(await catalogue.createSubcategory(staff, actorOf(c), c.req.valid('json')), 201),
  );

  const changeSubcategory = createRoute({
    method: 'patch',
    path: '/subcategories/{id}',
    tags,
    summary: 'Rename, move, hide or show a subcategory',
    description: `${WRITE} A hidden subcategory leaves the storefront with its products. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(subcategoryUpdateSchema) },
    responses: {
      200: json(AdminSubcategorySchema, 'The subcategory as changed.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such subcategory.'],
        [409, 'The category has a subcategory of that name.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    changeSubcategory,
    async (c) =>
      c.json(await catalogue.updateSubcategory(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
    noSubcategory,
  );

  // ---- Products and variants ----

  const products = createRoute({
    method: 'get',
    path: '/products',
    tags,
    summary: 'Find products',
    description: `${READ} Hidden ones included. Searches names and product codes; filters, sorts and pages.`,
    ...read,
    request: { query: AdminProductsQuery },
    responses: {
      200: json(AdminProductPageSchema, 'One page of products and how many match.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(products, async (c) => c.json(await catalogue.listProducts(db, c.req.valid('query')), 200));

  const addProduct = createRoute({
    method: 'post',
    path: '/products',
    tags,
    summary: 'Add a product with its variants',
    description: `${WRITE} At least one variant, each with a product code no other variant has. ${KEPT}`,
    ...write,
    request: { body: jsonBody(productCreateSchema) },
    responses: {
      201: json(AdminProductSchema, 'The new product.'),
      ...errors(
        [400, 'Not valid, or no such subcategory.'],
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [409, 'A product code is already used.'],
        413,
        415,
      ),
    },
  });
  app.openapi(addProduct, async (c) =>
    c.json(await catalogue.createProduct(staff, actorOf(c), c.req.valid('json')), 201),
  );

  const product = createRoute({
    method: 'get',
    path: '/products/{id}',
    tags,
    summary: 'A product with every field',
    description: `${READ} Tax fields, flags, variants with their stock and pictures.`,
    ...read,
    request: { params: IdParams },
    responses: {
      200: json(AdminProductSchema, 'The product.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such product.']),
    },
  });
  app.openapi(product, async (c) => c.json(await catalogue.readProduct(db, c.req.valid('param').id), 200), noProduct);

  const changeProduct = createRoute({
    method: 'patch',
    path: '/products/{id}',
    tags,
    summary: 'Change a product',
    description:
      `${WRITE} Its own fields, the home page's flags (popular, big_deal), its subcategory, or hidden. ` +
      `Its variants change through their own calls. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(productUpdateSchema) },
    responses: {
      200: json(AdminProductSchema, 'The product as changed.'),
      ...errors(
        [400, 'Not valid, or no such subcategory.'],
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such product.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    changeProduct,
    async (c) =>
      c.json(await catalogue.updateProduct(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
    noProduct,
  );

  const saveProduct = createRoute({
    method: 'put',
    path: '/products/{id}/all',
    tags,
    summary: 'Save the product page: the product, its variants and stock changes at once',
    description:
      `${WRITE} One transaction: the product's own fields, any of its variants' fields, and stock changes ` +
      `(pieces added or taken off, with a reason, applied to what is on the shelf when saved, so a sale in ` +
      `between stands; never below what unpaid orders hold). All are kept or none: a refusal names its field by ` +
      `path ('product.name', 'variants.2.final_price', 'variants.0.stock.delta'). \`version\` is the product's ` +
      `version as the page loaded it: if someone saved the product since, 409 says who and when, and nothing is ` +
      `written. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(productSaveSchema) },
    responses: {
      200: json(AdminProductSchema, 'The product as saved, with its new version.'),
      ...errors(
        [400, 'Not valid (each field named by its path), or a variant of another product.'],
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such product.'],
        [409, 'Saved by someone else since that version; a product code used; stock below what is held or none.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    saveProduct,
    async (c) =>
      c.json(await catalogue.saveProduct(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
    noProduct,
  );

  const addVariant = createRoute({
    method: 'post',
    path: '/products/{id}/variants',
    tags,
    summary: 'Add a variant to a product',
    description: `${WRITE} Last among its variants, with the stock it starts with. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(variantCreateSchema) },
    responses: {
      201: json(AdminProductSchema, 'The product with its new variant.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such product.'],
        [409, 'The product code is already used.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    addVariant,
    async (c) =>
      c.json(await catalogue.addVariant(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
    noProduct,
  );

  const changeVariant = createRoute({
    method: 'patch',
    path: '/variants/{id}',
    tags,
    summary: 'Change a variant',
    description:
      `${WRITE} Names, product code, prices (the final price at most the price; carts and new orders pay the ` +
      `new price at once) or its place among the product's variants. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(variantUpdateSchema) },
    responses: {
      200: json(AdminProductSchema, 'The product with the variant as changed.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such variant.'],
        [409, 'The product code is already used.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    changeVariant,
    async (c) =>
      c.json(await catalogue.updateVariant(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
    noVariant,
  );

  const removeVariant = createRoute({
    method: 'delete',
    path: '/variants/{id}',
    tags,
    summary: 'Delete a variant',
    description: `${WRITE} Not one that orders name or shoppers reviewed (hide the product instead), nor a product's last. ${KEPT}`,
    ...write,
    request: { params: IdParams },
    responses: {
      200: json(AdminProductSchema, 'The product without the variant.'),
      ...errors(
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such variant.'],
        [409, 'Orders or reviews name the variant, or it is the product\u2019s last.'],
      ),
    },
  });
  app.openapi(
    removeVariant,
    async (c) => c.json(await catalogue.removeVariant(staff, actorOf(c), c.req.valid('param').id), 200),
    noVariant,
  );

  const setStock = createRoute({
    method: 'patch',
    path: '/variants/{id}/stock',
    tags,
    summary: "Set a variant's stock on hand",
    description: `${WRITE} After a stock count: never below what unpaid orders hold. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(stockSetSchema) },
    responses: {
      200: json(AdminProductSchema, 'The product with the stock as set.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such variant.'],
        [409, 'Unpaid orders hold more than that.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    setStock,
    async (c) =>
      c.json(await catalogue.setStock(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json').on_hand), 200),
    noVariant,
  );

  // ---- Pictures ----

  const addImage = createRoute({
    method: 'post',
    path: '/variants/{id}/images',
    tags,
    summary: 'Add a picture to a variant',
    description:
      `${WRITE} A multipart form with the picture in \`image\`. Checked by its content, turned upright, ` +
      `stripped of metadata and stored as WebP, after the variant's other pictures. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: imageForm() },
    responses: {
      201: json(AdminProductSchema, 'The product with the new picture.'),
      ...errors(...PICTURE_REFUSALS, NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such variant.']),
    },
  });
  app.openapi(
    addImage,
    async (c) => {
      const { file } = await readImageForm(c);
      return c.json(await catalogue.addVariantImage(staff, actorOf(c), c.req.valid('param').id, file), 201);
    },
    noVariant,
  );

  const moveImage = createRoute({
    method: 'patch',
    path: '/images/{id}',
    tags,
    summary: "Move a picture among its variant's pictures",
    description: `${WRITE} The first picture is the one cards show. ${KEPT}`,
    ...write,
    request: { params: IdParams, body: jsonBody(imageMoveSchema) },
    responses: {
      200: json(AdminProductSchema, 'The product with the pictures reordered.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such picture.'], 413, 415),
    },
  });
  app.openapi(
    moveImage,
    async (c) =>
      c.json(await catalogue.moveImage(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json').position), 200),
    noImage,
  );

  const removeImage = createRoute({
    method: 'delete',
    path: '/images/{id}',
    tags,
    summary: 'Remove a picture',
    description: `${WRITE} ${KEPT}`,
    ...write,
    request: { params: IdParams },
    responses: {
      200: json(AdminProductSchema, 'The product without the picture.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such picture.']),
    },
  });
  app.openapi(
    removeImage,
    async (c) => c.json(await catalogue.removeImage(staff, actorOf(c), c.req.valid('param').id), 200),
    noImage,
  );

  // ---- The home page's banners and offers: one set of routes a kind ----

  homePieceRoutes(app, { db, staff, read, write, actorOf, tags }, BANNER_ROUTES);
  homePieceRoutes(app, { db, staff, read, write, actorOf, tags }, OFFER_ROUTES);
  homePopupRoutes(app, { db, staff, read, write, actorOf, tags });

  return app;
}
