/**
 * Longest wait, in ms, for an island that hydrates 'when idle' (`client:idle={{ timeout }}`). On a
 * slow phone, or while the page keeps the CPU busy, the browser may never call it idle and the
 * island would never hydrate: a shopper's press kept by the early-input guard (layouts/Base.astro)
 * would wait forever. Long enough to stay out of the way of the first paint.
 */
export const HYDRATE_BY_MS = 1500;
