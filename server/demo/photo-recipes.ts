/**
 * The demo seed's photos as pipeline pictures: a recipe (an illustration spec) gives the picture's
 * facts at once, without drawing (its hash, size and colour are known from the recipe), so seeding
 * stays fast; the background encoder draws each photo once and writes its responsive widths.
 */
import os from 'node:os';
import type { Insertable } from 'kysely';
import type { ImagesTable } from '../db/schema';
import { pictureHash, pictureUrl } from '../services/images/pipeline';
import { asBuffer, workerPool } from '../shared/worker-pool';
import type { IllustrationSpec } from './illustrations';
import { drawPhoto, PHOTO_VERSION, photoColour, photoSize, type DrawnPhoto } from './photos';

/** A recipe's images row and public address. */
export function photoPicture(spec: IllustrationSpec): { row: Insertable<ImagesTable>; url: string } {
  const recipe = JSON.stringify(spec);
  const { width, height } = photoSize(spec);
  const facts = {
    hash: pictureHash(`photo:${String(PHOTO_VERSION)}:`, recipe),
    width,
    height,
    colour: photoColour(spec),
    ext: 'jpg' as const,
  };
  return { row: { ...facts, recipe }, url: pictureUrl(facts) };
}

/** Draws a stored recipe (the images table's `recipe`): its JPEG original and that JPEG's pixels. */
export function drawPhotoRecipe(recipe: string): Promise<DrawnPhoto> {
  return drawPhoto(JSON.parse(recipe) as IllustrationSpec);
}

/**
 * Shading a photo is JavaScript arithmetic on every pixel (about 85 ms of a 1,600 px product
 * photo's 150 ms; sharp's share runs on its own threads): on worker threads, one per core, the
 * seed draws two photos at once on two cores, and a shop that draws its photos in the background
 * keeps answering requests meanwhile.
 */
const drawOffThread = workerPool<string, DrawnPhoto>({
  module: new URL('./photo-thread.ts', import.meta.url),
  size: Math.min(4, os.availableParallelism()),
  runHere: drawPhotoRecipe,
});

/** `drawPhotoRecipe` on a worker thread (the same bytes; the pixels are moved, not copied). */
export async function drawPhotoRecipeOffThread(recipe: string): Promise<DrawnPhoto> {
  const drawn = await drawOffThread(recipe);
  return { ...drawn, jpeg: asBuffer(drawn.jpeg) };
}
