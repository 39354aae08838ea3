import type { AstroIntegration } from 'astro';

/**
 * Zod compiles a fast parser with `new Function` when it may; under the pages' policy (no
 * 'unsafe-eval') its probe for that is reported as a violation on every page with a form.
 * `jitless` skips the probe, and must be set before any schema is made, so before any island
 * loads: an inline head script (Astro hashes it into the policy) that sets it where every copy of
 * zod reads its configuration, `globalThis.__zod_globalConfig`, rather than importing zod into
 * every page for one setting.
 */
export function zodWithoutEval(): AstroIntegration {
  return {
    name: 'zod-without-eval',
    hooks: {
      'astro:config:setup': ({ injectScript }) =>
        injectScript(
          'head-inline',
          'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});',
        ),
    },
  };
}
