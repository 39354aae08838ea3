import type { InteractionOptions } from '../integrations/hydrate-on-interaction';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates when the shopper first reaches for the island (integrations/hydrate-on-interaction.ts). */
    'client:interaction'?: InteractionOptions | boolean;
  }
}
