/**
 * What the document describes that no route parses with zod: the routes take files out of their
 * multipart forms by hand (and check them as images), and the webhook's signature header goes to
 * the signature check as it came. Every other request schema of the document is the one its route
 * parses with.
 */
import { z } from 'zod';
import { MAX_REVIEW_IMAGES } from '../../contract/schemas/reviews';

/** The picture travels beside the profile fields as a file. */
export const profilePictureField = z
  .string()
  .meta({ format: 'binary', description: 'A new profile picture (JPEG, PNG or WebP); leave out to keep the old one.' });

/** A review's pictures, as files beside its fields. */
export const reviewImagesField = z
  .array(z.string().meta({ format: 'binary' }))
  .max(MAX_REVIEW_IMAGES)
  .optional()
  .meta({ description: `Up to ${MAX_REVIEW_IMAGES} pictures (JPEG, PNG or WebP).` });

/** Razorpay's signature of a webhook delivery. */
export const webhookSignatureHeader = z
  .string()
  .meta({ description: 'HMAC-SHA256 of the raw body with the webhook secret, hex.' });
