/** Picture types the shop accepts (the server checks the content again). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Largest picture the shop accepts, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be uploaded as a picture, or null when it can. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Please choose a JPEG, PNG or WebP image.';
  if (file.size > MAX_IMAGE_BYTES) return 'Image is too large (at most 5 MB).';
  return null;
}
