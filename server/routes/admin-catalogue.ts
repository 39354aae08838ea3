import { Hono, type Context } from 'hono';
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
import { clientAddress } from '../http/client-address';
import { ApiError, notFound } from '../http/errors';
import { requireStaff, type StaffEnv } from '../http/staff-auth';
import { isFormRequest, parseJson, parseParams, parseQuery, parseValue } from '../http/validate';
import * as catalogue from '../services/catalogue/admin';
import type { Actor } from '../services/staff/audit';
import type { StaffContext } from '../services/staff/context';

/** The form field an uploaded picture travels in. */
export const IMAGE_FIELD = 'image';
export const IMAGE_REQUIRED = 'Choose a picture to upload (JPEG, PNG or WebP).';

/** A multipart form's text fields and its picture; 415 for any other body, 400 without a picture. */
async function readImageForm(c: Context): Promise<{ fields: Record<string, string>; file: File }> {
  if (!isFormRequest(c)) {
    throw new ApiError(415, `Send the picture as multipart/form-data, in the field '${IMAGE_FIELD}'.`);
  }
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'The form data could not be read.');
  }
  const { [IMAGE_FIELD]: file, ...rest } = form;
  if (!(file instanceof File) || file.size === 0) {
    throw new ApiError(400, IMAGE_REQUIRED, { [IMAGE_FIELD]: [IMAGE_REQUIRED] });
  }
  const fields = Object.fromEntries(
    Object.entries(rest).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
  );
  return { fields, file };
}

/**
 * The back office's catalogue under /api/admin/catalogue: categories, subcategories, products,
 * variants, stock, pictures and banners. Reads need `catalogue.read`, changes `catalogue.write`.
 */
export function adminCatalogueRoutes(staff: StaffContext): Hono<StaffEnv> {
  const { db } = staff;
  const app = new Hono<StaffEnv>({ strict: false });
  const read = requireStaff(staff, 'catalogue.read');
  const write = requireStaff(staff, 'catalogue.write');
  const actorOf = (c: Context<StaffEnv>): Actor => ({
    staffId: c.get('staffSession').staff.id,
    ip: clientAddress(c, staff.trustProxy),
  });
  const idOf = (c: Context, missing: () => ApiError) => parseParams(c, IdParams, missing).id;
  const noCategory = () => notFound('No such category.');
  const noSubcategory = () => notFound('No such subcategory.');
  const noProduct = () => notFound('No such product.');
  const noVariant = () => notFound('No such variant.');
  const noImage = () => notFound('No such picture.');
  const noBanner = () => notFound('No such banner.');
  const noOffer = () => notFound('No such offer.');

  // ---- Categories and subcategories ----

  app.get('/categories', read, async (c) => c.json(await catalogue.categoryTree(db)));

  app.post('/categories', write, async (c) => {
    const input = await parseJson(c, categoryCreateSchema);
    return c.json(await catalogue.createCategory(staff, actorOf(c), input), 201);
  });

  app.patch('/categories/:id', write, async (c) => {
    const id = idOf(c, noCategory);
    const input = await parseJson(c, categoryUpdateSchema);
    return c.json(await catalogue.updateCategory(staff, actorOf(c), id, input));
  });

  app.post('/subcategories', write, async (c) => {
    const input = await parseJson(c, subcategoryCreateSchema);
    return c.json(await catalogue.createSubcategory(staff, actorOf(c), input), 201);
  });

  app.patch('/subcategories/:id', write, async (c) => {
    const id = idOf(c, noSubcategory);
    const input = await parseJson(c, subcategoryUpdateSchema);
    return c.json(await catalogue.updateSubcategory(staff, actorOf(c), id, input));
  });

  // ---- Products and variants ----

  app.get('/products', read, async (c) => c.json(await catalogue.listProducts(db, parseQuery(c, AdminProductsQuery))));

  app.post('/products', write, async (c) => {
    const input = await parseJson(c, productCreateSchema);
    return c.json(await catalogue.createProduct(staff, actorOf(c), input), 201);
  });

  app.get('/products/:id', read, async (c) => c.json(await catalogue.readProduct(db, idOf(c, noProduct))));

  app.patch('/products/:id', write, async (c) => {
    const id = idOf(c, noProduct);
    const input = await parseJson(c, productUpdateSchema);
    return c.json(await catalogue.updateProduct(staff, actorOf(c), id, input));
  });

  app.post('/products/:id/variants', write, async (c) => {
    const id = idOf(c, noProduct);
    const input = await parseJson(c, variantCreateSchema);
    return c.json(await catalogue.addVariant(staff, actorOf(c), id, input), 201);
  });

  app.patch('/variants/:id', write, async (c) => {
    const id = idOf(c, noVariant);
    const input = await parseJson(c, variantUpdateSchema);
    return c.json(await catalogue.updateVariant(staff, actorOf(c), id, input));
  });

  app.delete('/variants/:id', write, async (c) =>
    c.json(await catalogue.removeVariant(staff, actorOf(c), idOf(c, noVariant))),
  );

  app.patch('/variants/:id/stock', write, async (c) => {
    const id = idOf(c, noVariant);
    const { on_hand: onHand } = await parseJson(c, stockSetSchema);
    return c.json(await catalogue.setStock(staff, actorOf(c), id, onHand));
  });

  // ---- Pictures ----

  app.post('/variants/:id/images', write, async (c) => {
    const id = idOf(c, noVariant);
    const { file } = await readImageForm(c);
    return c.json(await catalogue.addVariantImage(staff, actorOf(c), id, file), 201);
  });

  app.patch('/images/:id', write, async (c) => {
    const id = idOf(c, noImage);
    const { position } = await parseJson(c, imageMoveSchema);
    return c.json(await catalogue.moveImage(staff, actorOf(c), id, position));
  });

  app.delete('/images/:id', write, async (c) =>
    c.json(await catalogue.removeImage(staff, actorOf(c), idOf(c, noImage))),
  );

  // ---- Banners ----

  app.get('/banners', read, async (c) => c.json(await catalogue.listBanners(db)));

  app.post('/banners', write, async (c) => {
    const { fields, file } = await readImageForm(c);
    // The text is checked before the picture is stored: a refused banner writes no file.
    const input = parseValue(bannerCreateSchema, fields);
    return c.json(await catalogue.createBanner(staff, actorOf(c), input, file), 201);
  });

  app.patch('/banners/:id', write, async (c) => {
    const id = idOf(c, noBanner);
    const input = await parseJson(c, bannerUpdateSchema);
    return c.json(await catalogue.updateBanner(staff, actorOf(c), id, input));
  });

  app.post('/banners/:id/image', write, async (c) => {
    const id = idOf(c, noBanner);
    const { file } = await readImageForm(c);
    return c.json(await catalogue.replaceBannerImage(staff, actorOf(c), id, file));
  });

  app.delete('/banners/:id', write, async (c) => {
    await catalogue.removeBanner(staff, actorOf(c), idOf(c, noBanner));
    return c.json({ message: 'Banner deleted.' });
  });

  // ---- The home page's offers ----

  app.get('/offers', read, async (c) => c.json(await catalogue.listHomeOffers(db)));

  app.post('/offers', write, async (c) => {
    const { fields, file } = await readImageForm(c);
    // The words are checked before the picture is stored: a refused offer writes no file.
    const input = parseValue(offerCreateSchema, fields);
    return c.json(await catalogue.createHomeOffer(staff, actorOf(c), input, file), 201);
  });

  app.patch('/offers/:id', write, async (c) => {
    const id = idOf(c, noOffer);
    const input = await parseJson(c, offerUpdateSchema);
    return c.json(await catalogue.updateHomeOffer(staff, actorOf(c), id, input));
  });

  app.post('/offers/:id/image', write, async (c) => {
    const id = idOf(c, noOffer);
    const { file } = await readImageForm(c);
    return c.json(await catalogue.replaceHomeOfferImage(staff, actorOf(c), id, file));
  });

  app.delete('/offers/:id', write, async (c) => {
    await catalogue.removeHomeOffer(staff, actorOf(c), idOf(c, noOffer));
    return c.json({ message: 'Offer deleted.' });
  });

  return app;
}
