import type { SiteChange } from '../../../contract/site-changes';
import type { Db } from '../../db';
import { insertSiteChange } from '../../repositories/site-changes';

export type { SiteChange };

/**
 * Records a change's pages as due, in the change's own transaction (pass the transaction as `db`):
 * the change and its re-rendering are never one without the other. The site's refresher picks it
 * up (services/site/refresher.ts) once the transaction commits and it is told (`catalogueChanged`).
 */
export async function recordSiteChange(db: Db, change: SiteChange, at: number): Promise<void> {
  await insertSiteChange(db, JSON.stringify(change), new Date(at).toISOString());
}

/** The change a stored row holds; an unreadable row asks for everything (it cannot be narrowed). */
export function parseSiteChange(json: string): SiteChange {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as SiteChange;
  } catch {
    // Fall through.
  }
  return { everything: true };
}

/** Several changes as one: the union of what each touched. */
export function mergeSiteChanges(changes: SiteChange[]): SiteChange {
  const ids = (pick: (c: SiteChange) => number[] | undefined) =>
    [...new Set(changes.flatMap((c) => pick(c) ?? []))].sort((a, b) => a - b);
  return {
    products: ids((c) => c.products),
    categories: ids((c) => c.categories),
    subcategories: ids((c) => c.subcategories),
    home: changes.some((c) => c.home === true),
    everything: changes.some((c) => c.everything === true),
  };
}
