/** Search synonyms as the back office lists them. */
import { z } from 'zod';

export const SynonymPairSchema = z
  .strictObject({
    term: z.string().meta({ description: 'The word shoppers type.' }),
    synonym: z.string().meta({ description: 'What it also finds.' }),
    both_ways: z.boolean().meta({ description: 'True when each word finds the other (two single words).' }),
  })
  .meta({ id: 'SynonymPair' });
export type SynonymPairAnswer = z.infer<typeof SynonymPairSchema>;

export const SynonymPageSchema = z
  .strictObject({
    count: z.number().int().min(0).meta({ description: 'Pairs matching, on all pages.' }),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    results: z.array(SynonymPairSchema),
  })
  .meta({ id: 'SynonymPage' });
export type SynonymPage = z.infer<typeof SynonymPageSchema>;
