/**
 * The back office's catalogue routes (/api/admin/catalogue), for the OpenAPI document. Built when
 * the document is, from paths.ts's helpers (a function, so that the two modules may import each other).
 */
import { z } from 'zod';
import {
  AdminBannerSchema,
  AdminCategorySchema,
  AdminHomeOfferSchema,
  AdminProductPageSchema,
  AdminProductSchema,
  AdminSubcategorySchema,
} from '../../contract/api/admin-catalogue';
import { MessageAnswerSchema } from '../../contract/api/messages';
import {
  AdminProductsQuery,
  bannerCreateSchema,
  bannerUpdateSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  imageMoveSchema,
  offerCreateSchema,
  offerUpdateSchema,
  productCreateSchema,
  productUpdateSchema,
  stockSetSchema,
  subcategoryCreateSchema,
  subcategoryUpdateSchema,
  variantCreateSchema,
  variantUpdateSchema,
} from '../../contract/schemas/admin-catalogue';
import { IdParams } from '../../contract/schemas/common';
import { ROLE_CANNOT, ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '../../contract/staff';
import { errors, json, jsonBody, type Operation } from './paths';

const catalogue = (path: string) => `/api/admin/catalogue${path}`;

function whoMay(permission: Permission): string {
  const roles = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
  return `Needs \`${permission}\` (${roles.join(', ')}); other roles are answered 403 and the refusal is logged.`;
}

const READ = whoMay('catalogue.read');
const WRITE = whoMay('catalogue.write');
/** What every change does besides itself. */
const KEPT =
  'The change, its audit entry (the touched fields before and after) and the storefront pages it touches are ' +
  'stored in one transaction; the public catalogue answers show it at once.';

const unauthenticated: [401, string] = [
  401,
  'No staff token, or one that has ended or is not a staff token (a shopper\u2019s): `WWW-Authenticate: Bearer`.',
];
const forbidden: [403, string] = [403, `The role may not do this: \`${ROLE_CANNOT}\` (logged).`];
const pictureErrors: Parameters<typeof errors> = [
  [400, 'No picture in the `image` field, a text field not valid, or a picture that cannot be read.'],
  [413, 'The picture is too large (5 MB, 25 megapixels at most).'],
  [415, 'Not a multipart form, or the picture is not a JPEG, PNG or WebP image.'],
];

const imageFile = z
  .string()
  .meta({ format: 'binary', description: 'A JPEG, PNG or WebP picture; stored as WebP, fit to 1600 × 1600.' });

const multipart = (schema: z.ZodType) => ({ required: true, content: { 'multipart/form-data': { schema } } });

export function adminCatalogueOperations(): Operation[] {
  return [
    {
      method: 'get',
      path: catalogue('/categories'),
      tag: 'Back office',
      summary: 'Categories and subcategories, hidden ones included',
      description: `${READ} In shop order, with how many products each lists (hidden products too).`,
      staff: true,
      responses: {
        200: json(z.array(AdminCategorySchema), 'Every category with its subcategories.'),
        ...errors(unauthenticated, forbidden),
      },
    },
    {
      method: 'post',
      path: catalogue('/categories'),
      tag: 'Back office',
      summary: 'Add a category',
      description: `${WRITE} Last in the menu. The menu is on every page: the whole site is rendered again. ${KEPT}`,
      staff: true,
      request: { body: jsonBody(categoryCreateSchema) },
      responses: {
        201: json(AdminCategorySchema, 'The new category.'),
        ...errors(400, unauthenticated, forbidden, [409, 'A category of that name exists.'], 413, 415),
      },
    },
    {
      method: 'patch',
      path: catalogue('/categories/{id}'),
      tag: 'Back office',
      summary: 'Rename, move, hide or show a category',
      description:
        `${WRITE} A hidden category leaves the storefront with its subcategories and products; orders keep ` +
        `what they name. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(categoryUpdateSchema) },
      responses: {
        200: json(AdminCategorySchema, 'The category as changed.'),
        ...errors(
          400,
          unauthenticated,
          forbidden,
          [404, 'No such category.'],
          [409, 'A category of that name exists.'],
          413,
          415,
        ),
      },
    },
    {
      method: 'post',
      path: catalogue('/subcategories'),
      tag: 'Back office',
      summary: 'Add a subcategory',
      description: `${WRITE} Last in its category. ${KEPT}`,
      staff: true,
      request: { body: jsonBody(subcategoryCreateSchema) },
      responses: {
        201: json(AdminSubcategorySchema, 'The new subcategory.'),
        ...errors(
          [400, 'Not valid, or no such category.'],
          unauthenticated,
          forbidden,
          [409, 'The category has a subcategory of that name.'],
          413,
          415,
        ),
      },
    },
    {
      method: 'patch',
      path: catalogue('/subcategories/{id}'),
      tag: 'Back office',
      summary: 'Rename, move, hide or show a subcategory',
      description: `${WRITE} A hidden subcategory leaves the storefront with its products. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(subcategoryUpdateSchema) },
      responses: {
        200: json(AdminSubcategorySchema, 'The subcategory as changed.'),
        ...errors(
          400,
          unauthenticated,
          forbidden,
          [404, 'No such subcategory.'],
          [409, 'The category has a subcategory of that name.'],
          413,
          415,
        ),
      },
    },
    {
      method: 'get',
      path: catalogue('/products'),
      tag: 'Back office',
      summary: 'Find products',
      description: `${READ} Hidden ones included. Searches names and product codes; filters, sorts and pages.`,
      staff: true,
      request: { query: AdminProductsQuery },
      responses: {
        200: json(AdminProductPageSchema, 'One page of products and how many match.'),
        ...errors(400, unauthenticated, forbidden),
      },
    },
    {
      method: 'post',
      path: catalogue('/products'),
      tag: 'Back office',
      summary: 'Add a product with its variants',
      description: `${WRITE} At least one variant, each with a product code no other variant has. ${KEPT}`,
      staff: true,
      request: { body: jsonBody(productCreateSchema) },
      responses: {
        201: json(AdminProductSchema, 'The new product.'),
        ...errors(
          [400, 'Not valid, or no such subcategory.'],
          unauthenticated,
          forbidden,
          [409, 'A product code is already used.'],
          413,
          415,
        ),
      },
    },
    {
      method: 'get',
      path: catalogue('/products/{id}'),
      tag: 'Back office',
      summary: 'A product with every field',
      description: `${READ} Tax fields, flags, variants with their stock and pictures.`,
      staff: true,
      request: { params: IdParams },
      responses: {
        200: json(AdminProductSchema, 'The product.'),
        ...errors(unauthenticated, forbidden, [404, 'No such product.']),
      },
    },
    {
      method: 'patch',
      path: catalogue('/products/{id}'),
      tag: 'Back office',
      summary: 'Change a product',
      description:
        `${WRITE} Its own fields, the home page's flags (popular, big_deal), its subcategory, or hidden. ` +
        `Its variants change through their own calls. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(productUpdateSchema) },
      responses: {
        200: json(AdminProductSchema, 'The product as changed.'),
        ...errors(
          [400, 'Not valid, or no such subcategory.'],
          unauthenticated,
          forbidden,
          [404, 'No such product.'],
          413,
          415,
        ),
      },
    },
    {
      method: 'post',
      path: catalogue('/products/{id}/variants'),
      tag: 'Back office',
      summary: 'Add a variant to a product',
      description: `${WRITE} Last among its variants, with the stock it starts with. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(variantCreateSchema) },
      responses: {
        201: json(AdminProductSchema, 'The product with its new variant.'),
        ...errors(
          400,
          unauthenticated,
          forbidden,
          [404, 'No such product.'],
          [409, 'The product code is already used.'],
          413,
          415,
        ),
      },
    },
    {
      method: 'patch',
      path: catalogue('/variants/{id}'),
      tag: 'Back office',
      summary: 'Change a variant',
      description:
        `${WRITE} Names, product code, prices (the final price at most the price; carts and new orders pay the ` +
        `new price at once) or its place among the product's variants. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(variantUpdateSchema) },
      responses: {
        200: json(AdminProductSchema, 'The product with the variant as changed.'),
        ...errors(
          400,
          unauthenticated,
          forbidden,
          [404, 'No such variant.'],
          [409, 'The product code is already used.'],
          413,
          415,
        ),
      },
    },
    {
      method: 'delete',
      path: catalogue('/variants/{id}'),
      tag: 'Back office',
      summary: 'Delete a variant',
      description: `${WRITE} Not one that orders name or shoppers reviewed (hide the product instead), nor a product's last. ${KEPT}`,
      staff: true,
      request: { params: IdParams },
      responses: {
        200: json(AdminProductSchema, 'The product without the variant.'),
        ...errors(
          unauthenticated,
          forbidden,
          [404, 'No such variant.'],
          [409, 'Orders or reviews name the variant, or it is the product\u2019s last.'],
        ),
      },
    },
    {
      method: 'patch',
      path: catalogue('/variants/{id}/stock'),
      tag: 'Back office',
      summary: "Set a variant's stock on hand",
      description: `${WRITE} After a stock count: never below what unpaid orders hold. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(stockSetSchema) },
      responses: {
        200: json(AdminProductSchema, 'The product with the stock as set.'),
        ...errors(
          400,
          unauthenticated,
          forbidden,
          [404, 'No such variant.'],
          [409, 'Unpaid orders hold more than that.'],
          413,
          415,
        ),
      },
    },
    {
      method: 'post',
      path: catalogue('/variants/{id}/images'),
      tag: 'Back office',
      summary: 'Add a picture to a variant',
      description:
        `${WRITE} A multipart form with the picture in \`image\`. Checked by its content, turned upright, ` +
        `stripped of metadata and stored as WebP, after the variant's other pictures. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: multipart(z.object({ image: imageFile })) },
      responses: {
        201: json(AdminProductSchema, 'The product with the new picture.'),
        ...errors(...pictureErrors, unauthenticated, forbidden, [404, 'No such variant.']),
      },
    },
    {
      method: 'patch',
      path: catalogue('/images/{id}'),
      tag: 'Back office',
      summary: "Move a picture among its variant's pictures",
      description: `${WRITE} The first picture is the one cards show. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(imageMoveSchema) },
      responses: {
        200: json(AdminProductSchema, 'The product with the pictures reordered.'),
        ...errors(400, unauthenticated, forbidden, [404, 'No such picture.'], 413, 415),
      },
    },
    {
      method: 'delete',
      path: catalogue('/images/{id}'),
      tag: 'Back office',
      summary: 'Remove a picture',
      description: `${WRITE} ${KEPT}`,
      staff: true,
      request: { params: IdParams },
      responses: {
        200: json(AdminProductSchema, 'The product without the picture.'),
        ...errors(unauthenticated, forbidden, [404, 'No such picture.']),
      },
    },
    {
      method: 'get',
      path: catalogue('/banners'),
      tag: 'Back office',
      summary: "The home page's banners",
      description: `${READ} In slider order.`,
      staff: true,
      responses: {
        200: json(z.array(AdminBannerSchema), 'Every banner.'),
        ...errors(unauthenticated, forbidden),
      },
    },
    {
      method: 'post',
      path: catalogue('/banners'),
      tag: 'Back office',
      summary: 'Add a banner',
      description: `${WRITE} A multipart form: \`title\`, \`subtitle\` (optional) and the picture in \`image\`. Last in the slider. ${KEPT}`,
      staff: true,
      request: { body: multipart(bannerCreateSchema.extend({ image: imageFile })) },
      responses: {
        201: json(AdminBannerSchema, 'The new banner.'),
        ...errors(...pictureErrors, unauthenticated, forbidden),
      },
    },
    {
      method: 'patch',
      path: catalogue('/banners/{id}'),
      tag: 'Back office',
      summary: "Change a banner's text or place",
      description: `${WRITE} ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(bannerUpdateSchema) },
      responses: {
        200: json(AdminBannerSchema, 'The banner as changed.'),
        ...errors(400, unauthenticated, forbidden, [404, 'No such banner.'], 413, 415),
      },
    },
    {
      method: 'post',
      path: catalogue('/banners/{id}/image'),
      tag: 'Back office',
      summary: "Replace a banner's picture",
      description: `${WRITE} A multipart form with the picture in \`image\`. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: multipart(z.object({ image: imageFile })) },
      responses: {
        200: json(AdminBannerSchema, 'The banner with its new picture.'),
        ...errors(...pictureErrors, unauthenticated, forbidden, [404, 'No such banner.']),
      },
    },
    {
      method: 'delete',
      path: catalogue('/banners/{id}'),
      tag: 'Back office',
      summary: 'Delete a banner',
      description: `${WRITE} ${KEPT}`,
      staff: true,
      request: { params: IdParams },
      responses: {
        200: json(MessageAnswerSchema, 'Banner deleted.'),
        ...errors(unauthenticated, forbidden, [404, 'No such banner.']),
      },
    },
    {
      method: 'get',
      path: catalogue('/offers'),
      tag: 'Back office',
      summary: "The home page's Extra Offers",
      description: `${READ} In shop order, hidden ones included.`,
      staff: true,
      responses: {
        200: json(z.array(AdminHomeOfferSchema), 'Every offer.'),
        ...errors(unauthenticated, forbidden),
      },
    },
    {
      method: 'post',
      path: catalogue('/offers'),
      tag: 'Back office',
      summary: 'Add an offer',
      description: `${WRITE} A multipart form: \`title\`, \`text\`, \`search\` (what Shop Now searches for) and the picture in \`image\`. Last among the offers. ${KEPT}`,
      staff: true,
      request: { body: multipart(offerCreateSchema.extend({ image: imageFile })) },
      responses: {
        201: json(AdminHomeOfferSchema, 'The new offer.'),
        ...errors(...pictureErrors, unauthenticated, forbidden),
      },
    },
    {
      method: 'patch',
      path: catalogue('/offers/{id}'),
      tag: 'Back office',
      summary: "Change an offer's words, search or place, or hide it",
      description: `${WRITE} ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: jsonBody(offerUpdateSchema) },
      responses: {
        200: json(AdminHomeOfferSchema, 'The offer as changed.'),
        ...errors(400, unauthenticated, forbidden, [404, 'No such offer.'], 413, 415),
      },
    },
    {
      method: 'post',
      path: catalogue('/offers/{id}/image'),
      tag: 'Back office',
      summary: "Replace an offer's picture",
      description: `${WRITE} A multipart form with the picture in \`image\`. ${KEPT}`,
      staff: true,
      request: { params: IdParams, body: multipart(z.object({ image: imageFile })) },
      responses: {
        200: json(AdminHomeOfferSchema, 'The offer with its new picture.'),
        ...errors(...pictureErrors, unauthenticated, forbidden, [404, 'No such offer.']),
      },
    },
    {
      method: 'delete',
      path: catalogue('/offers/{id}'),
      tag: 'Back office',
      summary: 'Delete an offer',
      description: `${WRITE} ${KEPT}`,
      staff: true,
      request: { params: IdParams },
      responses: {
        200: json(MessageAnswerSchema, 'Offer deleted.'),
        ...errors(unauthenticated, forbidden, [404, 'No such offer.']),
      },
    },
  ];
}
