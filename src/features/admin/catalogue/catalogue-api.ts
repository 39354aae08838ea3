/**
 * The back office's catalogue calls (docs/api.md, "Back office": /api/admin/catalogue):
 * categories, products, variants, stock, pictures, banners and the CSV export and import. Named
 * functions over the one client's request, each with the staff token and its 401 handling from
 * admin-api.ts; only the /admin pages import this module.
 */
import { call, callFile, type ApiFile } from '../../../lib/api/http';
import type {
  AdminBanner,
  AdminHomeOffer,
  AdminHomePopup,
  AdminCategory,
  AdminProduct,
  AdminProductPage,
  AdminSubcategory,
} from '../../../../contract/api/admin-catalogue';
import type { CsvImportReport } from '../../../../contract/catalogue-csv';
import type {
  BannerUpdateInput,
  OfferUpdateInput,
  CategoryUpdateInput,
  ProductCreateInput,
  ProductSaveInput,
  SubcategoryUpdateInput,
  VariantCreateInput,
} from '../../../../contract/schemas/admin-catalogue';
import type { HomePopupInput } from '../../../../contract/schemas/home-content';
import { asStaff } from '../admin-api';
import type { ApiQuery } from '../desk-api';

/** A picture sent as the form's `image` file. */
function pictureForm(picture: Blob, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', picture);
  return form;
}

/** Every category with its subcategories, hidden ones included, in shop order. */
export async function getAdminCategories(signal?: AbortSignal): Promise<AdminCategory[]> {
  return (await call('admin/catalogue/categories', { ...asStaff(), signal })) as AdminCategory[];
}

/** Adds a category, last in the menu. */
export async function createCategory(name: string): Promise<AdminCategory> {
  return (await call('admin/catalogue/categories', { method: 'POST', json: { name }, ...asStaff() })) as AdminCategory;
}

/** Renames, moves, hides or shows a category. */
export async function changeCategory(id: number, changes: CategoryUpdateInput): Promise<AdminCategory> {
  return (await call(`admin/catalogue/categories/${id}`, {
    method: 'PATCH',
    json: changes,
    ...asStaff(),
  })) as AdminCategory;
}

/** Adds a subcategory, last in its category. */
export async function createSubcategory(categoryId: number, name: string): Promise<AdminSubcategory> {
  return (await call('admin/catalogue/subcategories', {
    method: 'POST',
    json: { category_id: categoryId, name },
    ...asStaff(),
  })) as AdminSubcategory;
}

/** Renames, moves, hides or shows a subcategory. */
export async function changeSubcategory(id: number, changes: SubcategoryUpdateInput): Promise<AdminSubcategory> {
  return (await call(`admin/catalogue/subcategories/${id}`, {
    method: 'PATCH',
    json: changes,
    ...asStaff(),
  })) as AdminSubcategory;
}

/** One page of products under `query` (search, category, subcategory, hidden, sort, page). */
export async function getAdminProducts(query: ApiQuery, signal?: AbortSignal): Promise<AdminProductPage> {
  return (await call('admin/catalogue/products', { query, ...asStaff(), signal })) as AdminProductPage;
}

/** Adds a product with its variants. */
export async function createProduct(product: ProductCreateInput): Promise<AdminProduct> {
  return (await call('admin/catalogue/products', { method: 'POST', json: product, ...asStaff() })) as AdminProduct;
}

/** One product with every field, its variants, their stock and pictures. */
export async function getAdminProduct(id: number, signal?: AbortSignal): Promise<AdminProduct> {
  return (await call(`admin/catalogue/products/${id}`, { ...asStaff(), signal })) as AdminProduct;
}

/** Adds a variant to a product; answers the product. */
export async function addVariant(productId: number, variant: VariantCreateInput): Promise<AdminProduct> {
  return (await call(`admin/catalogue/products/${productId}/variants`, {
    method: 'POST',
    json: variant,
    ...asStaff(),
  })) as AdminProduct;
}

/** Deletes a variant (refused for one named on orders or reviewed, or a product's last). */
export async function deleteVariant(id: number): Promise<AdminProduct> {
  return (await call(`admin/catalogue/variants/${id}`, { method: 'DELETE', ...asStaff() })) as AdminProduct;
}

/** Adds a picture (JPEG, PNG or WebP) to a variant, after its others. */
export async function addVariantPicture(variantId: number, picture: Blob): Promise<AdminProduct> {
  return (await call(`admin/catalogue/variants/${variantId}/images`, {
    method: 'POST',
    form: pictureForm(picture),
    ...asStaff(),
  })) as AdminProduct;
}

/** Moves a picture among its variant's pictures (1 is first, the one cards show). */
export async function movePicture(id: number, position: number): Promise<AdminProduct> {
  return (await call(`admin/catalogue/images/${id}`, {
    method: 'PATCH',
    json: { position },
    ...asStaff(),
  })) as AdminProduct;
}

/** Removes a picture. */
export async function deletePicture(id: number): Promise<AdminProduct> {
  return (await call(`admin/catalogue/images/${id}`, { method: 'DELETE', ...asStaff() })) as AdminProduct;
}

/** The home page's banners, in slider order. */
export async function getAdminBanners(signal?: AbortSignal): Promise<AdminBanner[]> {
  return (await call('admin/catalogue/banners', { ...asStaff(), signal })) as AdminBanner[];
}

/** Adds a banner with its picture, last in the slider. */
export async function createBanner(
  fields: { title: string; subtitle: string; button_label: string; link: string },
  picture: Blob,
): Promise<AdminBanner> {
  return (await call('admin/catalogue/banners', {
    method: 'POST',
    form: pictureForm(picture, fields),
    ...asStaff(),
  })) as AdminBanner;
}

/** Changes a banner's headline, text, button, link or place. */
export async function changeBanner(id: number, changes: BannerUpdateInput): Promise<AdminBanner> {
  return (await call(`admin/catalogue/banners/${id}`, {
    method: 'PATCH',
    json: changes,
    ...asStaff(),
  })) as AdminBanner;
}

/** Deletes a banner. */
export async function deleteBanner(id: number): Promise<void> {
  await call(`admin/catalogue/banners/${id}`, { method: 'DELETE', ...asStaff() });
}

/** Replaces a banner's picture. */
export async function replaceBannerPicture(id: number, picture: Blob): Promise<AdminBanner> {
  return (await call(`admin/catalogue/banners/${id}/image`, {
    method: 'POST',
    form: pictureForm(picture),
    ...asStaff(),
  })) as AdminBanner;
}

/** The home page's Extra Offers, hidden ones included, in their order. */
export async function getAdminOffers(signal?: AbortSignal): Promise<AdminHomeOffer[]> {
  return (await call('admin/catalogue/offers', { ...asStaff(), signal })) as AdminHomeOffer[];
}

/** Adds an offer with its picture, last among the offers. */
export async function createOffer(
  fields: { title: string; text: string; search: string },
  picture: Blob,
): Promise<AdminHomeOffer> {
  return (await call('admin/catalogue/offers', {
    method: 'POST',
    form: pictureForm(picture, fields),
    ...asStaff(),
  })) as AdminHomeOffer;
}

/** Changes an offer's words, its search, its place, or hides it. */
export async function changeOffer(id: number, changes: OfferUpdateInput): Promise<AdminHomeOffer> {
  return (await call(`admin/catalogue/offers/${id}`, {
    method: 'PATCH',
    json: changes,
    ...asStaff(),
  })) as AdminHomeOffer;
}

/** Deletes an offer. */
export async function deleteOffer(id: number): Promise<void> {
  await call(`admin/catalogue/offers/${id}`, { method: 'DELETE', ...asStaff() });
}

/** Replaces an offer's picture. */
export async function replaceOfferPicture(id: number, picture: Blob): Promise<AdminHomeOffer> {
  return (await call(`admin/catalogue/offers/${id}/image`, {
    method: 'POST',
    form: pictureForm(picture),
    ...asStaff(),
  })) as AdminHomeOffer;
}

/** The whole catalogue as a CSV file (its name from the server: catalogue-YYYY-MM-DD.csv). */
export function exportCatalogueCsv(): Promise<ApiFile> {
  return callFile('admin/catalogue/export.csv', 'catalogue.csv', {
    ...asStaff(),
    accept: 'text/csv',
    fallback: 'The catalogue could not be exported.',
  });
}

/**
 * Imports a CSV file: with `dryRun`, only checks it and reports what it would do; with a check's
 * `plan`, imports exactly what that check showed. A file with problems is refused (422), a plan
 * the shop has moved away from too (412): the ApiError's body holds the report.
 */
export async function importCatalogueCsv(file: Blob, dryRun: boolean, plan?: string): Promise<CsvImportReport> {
  const form = new FormData();
  form.append('file', file);
  return (await call('admin/catalogue/import', {
    method: 'POST',
    query: plan === undefined ? { dry_run: dryRun } : { dry_run: dryRun, plan },
    form,
    ...asStaff(),
  })) as CsvImportReport;
}

/** The home page's offer pop-up, shown or switched off. */
export async function getAdminHomePopup(signal?: AbortSignal): Promise<AdminHomePopup> {
  return (await call('admin/catalogue/home-popup', { ...asStaff(), signal })) as AdminHomePopup;
}

/** Saves the offer pop-up whole; new words start a new campaign. */
export async function saveHomePopup(popup: HomePopupInput): Promise<AdminHomePopup> {
  return (await call('admin/catalogue/home-popup', { method: 'PUT', json: popup, ...asStaff() })) as AdminHomePopup;
}

/**
 * The product page's one save: the product's fields, its variants' fields and stock changes in
 * one transaction at the version the page loaded (409 when someone saved it since).
 */
export async function saveProductPage(id: number, save: ProductSaveInput): Promise<AdminProduct> {
  return (await call(`admin/catalogue/products/${id}/all`, {
    method: 'PUT',
    json: save,
    ...asStaff(),
  })) as AdminProduct;
}
