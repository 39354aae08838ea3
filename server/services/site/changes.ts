import type { SiteChange } from '../../../contract/site-changes';
import type { Db } from '../../db';
import { contentsOfListings, insertSiteChange } from '../../repositories/site-changes';

export type { SiteChange };

/**
 * Records a change's pages as due, in the change's own transaction (pass the transaction as `db`):
 * the change and its re-rendering are never one without the other. The site's refresher picks it
 * up (services/site/refresher.ts) once the transaction commits and it is told (`catalogueChanged`).
 */
export async function recordSiteChange(db: Db, change: SiteChange, at: number): Promise<void> {
  await insertSiteChange(db, JSON.stringify(change), new Date(at).toISOString());
}

/**
 * Records a change to a category, or to one of its subcategories when `subcategory` is given
 * (pass the transaction as `db`): the menu on every page, home (its subcategory tiles), the
 * category's page and those of the subcategories concerned, and, when `named` (a name, or whether
 * the shop shows it, changed; not only its place), the pages of every product listed under it,
 * whose breadcrumbs name it.
 */
export async function recordListingsChange(
  db: Db,
  listing: { category: number; subcategory?: number; named: boolean },
  at: number,
): Promise<void> {
  const contents =
    listing.subcategory === undefined
      ? await contentsOfListings(db, [listing.category], [])
      : await contentsOfListings(db, [], [listing.subcategory]);
  await recordSiteChange(
    db,
    {
      menu: true,
      home: true,
      categories: [listing.category],
      subcategories: contents.subcategories,
      ...(listing.named ? { products: contents.products } : {}),
    },
    at,
  );
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
    menu: changes.some((c) => c.menu === true),
    everything: changes.some((c) => c.everything === true),
  };
}
