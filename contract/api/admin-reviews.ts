/** Reviews as moderators see them: shown or hidden, with who hid them and why. */
import { z } from 'zod';

const id = z.number().int().positive();
const count = z.number().int().min(0);
const isoTime = z.string().meta({ description: 'ISO 8601 time, UTC.' });

export const ModeratedReviewSchema = z
  .strictObject({
    id,
    product: z.strictObject({ id, name: z.string() }),
    variant: z.strictObject({
      id,
      name: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
    }),
    author: z.strictObject({ id, first_name: z.string(), last_name: z.string() }),
    rating: z.number().int().min(1).max(5),
    review: z.string(),
    images: z.array(z.strictObject({ id, image: z.string() })),
    created_at: isoTime,
    hidden: z
      .strictObject({
        at: isoTime,
        reason: z.string(),
        by: z
          .strictObject({ id, name: z.string(), email: z.string() })
          .nullable()
          .meta({ description: 'The staff member who hid it.' }),
      })
      .nullable()
      .meta({ description: 'null while shown; hidden reviews leave the public lists and averages.' }),
    reply: z
      .strictObject({
        text: z.string(),
        at: isoTime.meta({ description: 'When it was last written.' }),
        by: z
          .strictObject({ id, name: z.string(), email: z.string() })
          .nullable()
          .meta({ description: 'The staff member who last wrote it; null once their account is gone.' }),
      })
      .nullable()
      .meta({ description: "The shop's reply, shown under the review on the product page; null without one." }),
  })
  .meta({ id: 'ModeratedReview' });
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;

export const ModeratedReviewPageSchema = z
  .strictObject({
    count: count.meta({ description: 'Reviews matching, on all pages.' }),
    page: id,
    page_size: id,
    results: z.array(ModeratedReviewSchema),
  })
  .meta({ id: 'ModeratedReviewPage', description: 'One page of reviews, newest first.' });
export type ModeratedReviewPage = z.infer<typeof ModeratedReviewPageSchema>;
