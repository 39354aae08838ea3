import type { AdminProduct } from '../../../contract/api/admin-catalogue';
import type { Db } from '../../db';
import * as repo from '../../repositories/admin-catalogue';
import { recordSiteChange } from '../site/changes';
import { recordAudit, type Actor } from '../staff/audit';
import {
  change,
  forgetUnusedFiles,
  imageNotFound,
  variantNotFound,
  withUploadedImage,
  type CatalogueStaff,
  moveAmongSiblings,
} from './changes';
import { readProduct } from './products';
/** A variant's pictures: adding, moving and removing them. */

/** Adds a picture to a variant, after its others. */
export async function addVariantImage(
  staff: CatalogueStaff,
  actor: Actor,
  variantId: number,
  file: Blob,
): Promise<AdminProduct> {
  const current = await repo.findVariantRow(staff.db, variantId);
  if (!current) throw variantNotFound();
  await withUploadedImage(staff, file, (image) =>
    change(
      staff,
      async (trx, at) => {
        const row = await repo.findVariantRow(trx, variantId);
        if (!row) throw variantNotFound();
        const position = await repo.nextPosition(trx, 'variant_images', variantId);
        const imageId = await repo.insertImage(trx, { variant_id: variantId, position, image });
        await recordAudit(trx, actor, at, {
          action: 'image.create',
          entity: 'variant_image',
          entityId: imageId,
          after: { variant_id: variantId, image },
        });
        await recordSiteChange(trx, { products: [row.product_id] }, at);
        return { result: undefined, changed: true };
      },
      { foreignKey: variantNotFound },
    ),
  );
  return readProduct(staff.db, current.product_id);
}

async function productOfVariant(db: Db, variantId: number): Promise<number> {
  const row = await repo.findVariantRow(db, variantId);
  if (!row) throw imageNotFound();
  return row.product_id;
}

/** Moves a picture among its variant's pictures (the first is the one cards show). */
export async function moveImage(
  staff: CatalogueStaff,
  actor: Actor,
  imageId: number,
  position: number,
): Promise<AdminProduct> {
  const variantId = await change(staff, async (trx, at) => {
    const image = await repo.findImage(trx, imageId);
    if (!image) throw imageNotFound();
    const moved = await moveAmongSiblings(trx, 'variant_images', image.variant_id, imageId, position);
    if (!moved) return { result: image.variant_id, changed: false };
    await recordAudit(trx, actor, at, {
      action: 'image.move',
      entity: 'variant_image',
      entityId: imageId,
      before: { position: moved.from },
      after: { position: moved.to },
    });
    await recordSiteChange(trx, { products: [await productOfVariant(trx, image.variant_id)] }, at);
    return { result: image.variant_id, changed: true };
  });
  return readProduct(staff.db, await productOfVariant(staff.db, variantId));
}

/** Removes a picture from its variant (the file goes once nothing names it). */
export async function removeImage(staff: CatalogueStaff, actor: Actor, imageId: number): Promise<AdminProduct> {
  const { variantId, image } = await change(staff, async (trx, at) => {
    const found = await repo.findImage(trx, imageId);
    if (!found) throw imageNotFound();
    await repo.deleteImage(trx, imageId);
    await repo.writePositions(trx, 'variant_images', await repo.siblingIds(trx, 'variant_images', found.variant_id));
    await recordAudit(trx, actor, at, {
      action: 'image.delete',
      entity: 'variant_image',
      entityId: imageId,
      before: { variant_id: found.variant_id, image: found.image },
    });
    await recordSiteChange(trx, { products: [await productOfVariant(trx, found.variant_id)] }, at);
    return { result: { variantId: found.variant_id, image: found.image }, changed: true };
  });
  await forgetUnusedFiles(staff, [image]);
  return readProduct(staff.db, await productOfVariant(staff.db, variantId));
}
