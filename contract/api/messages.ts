/** The shapes answers share: the one error body, and plain messages. */
import { z } from 'zod';

/** The single error shape every API error answers with. */
export const ApiErrorBodySchema = z
  .strictObject({
    message: z.string().meta({ description: 'What went wrong, in words a shopper can read.' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Messages per field of the request, for a request that was not valid.' }),
    error: z.string().optional().meta({ description: 'The same text, for callers that read `error` (create_order).' }),
    detail: z.string().optional().meta({ description: 'The same text, for callers that read `detail` (ratings).' }),
  })
  .meta({ id: 'ApiErrorBody', description: 'The one error shape of the API.' });
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** An answer that only says what was done. */
export const MessageAnswerSchema = z.strictObject({ message: z.string() }).meta({ id: 'MessageAnswer' });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

/** A message that was stored: what was done, and the new record's id. */
export const StoredMessageAnswerSchema = z
  .strictObject({ message: z.string(), id: z.number().int().positive() })
  .meta({ id: 'StoredMessageAnswer' });
