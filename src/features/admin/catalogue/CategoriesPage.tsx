import type { StaffMe } from '../../../../contract/api/staff';
import { categoryCreateSchema, subcategoryCreateSchema } from '../../../../contract/schemas/admin-catalogue';
import { roleCan } from '../../../../contract/staff';
import { AdminShell } from '../AdminShell';
import { ReadOnlyNote } from '../ReadOnlyNote';
import * as adminRoutes from '../admin-routes';
import { BannersSection } from './BannersSection';
import { HomePopupSection } from './HomePopupSection';
import { OffersSection } from './OffersSection';
import { changeCategory, changeSubcategory, createCategory, createSubcategory } from './catalogue-api';
import { AddByName } from './AddByName';
import { CatalogueEntry } from './CatalogueEntry';
import { LoadFailed } from '../desk-ui';
import { useAdminCategories } from './use-admin-categories';

function CategoryList({ readOnly }: { readOnly: boolean }) {
  const { categories, error, reload } = useAdminCategories();
  if (error) return <LoadFailed message={error} onRetry={reload} />;
  if (!categories) return <p role="status">Loading the categories…</p>;
  // Each change is answered, then the list is read again: a move renumbers its neighbours too.
  const after = async (work: Promise<unknown>) => {
    await work;
    reload();
  };
  return (
    <section aria-labelledby="categories-heading" className="space-y-3">
      <h2 id="categories-heading" className="text-xl font-bold">
        Categories
      </h2>
      <p className="text-sm text-muted">
        In the shop’s menu order. A hidden category leaves the shop with its subcategories and products.
      </p>
      {!readOnly && (
        <AddByName
          label="New category’s name"
          button="Add category"
          schema={categoryCreateSchema}
          onAdd={(name) => after(createCategory(name))}
        />
      )}
      <ol className="space-y-3">
        {categories.map((category, i) => (
          <CatalogueEntry
            key={`${category.id}-${category.name}-${category.position}-${category.hidden}`}
            what="Category"
            item={category}
            index={i}
            count={categories.length}
            readOnly={readOnly}
            schema={categoryCreateSchema}
            onChange={(change) => after(changeCategory(category.id, change))}
          >
            <ol aria-label={`Subcategories of ${category.name}`} className="space-y-2 pl-3 sm:pl-6">
              {category.subcategories.map((sub, j) => (
                <CatalogueEntry
                  key={`${sub.id}-${sub.name}-${sub.position}-${sub.hidden}`}
                  what="Subcategory"
                  item={sub}
                  index={j}
                  count={category.subcategories.length}
                  readOnly={readOnly}
                  schema={subcategoryCreateSchema.pick({ name: true })}
                  onChange={(change) => after(changeSubcategory(sub.id, change))}
                />
              ))}
            </ol>
            {!readOnly && (
              <AddByName
                label={`New subcategory of ${category.name}`}
                button={`Add subcategory to ${category.name}`}
                schema={subcategoryCreateSchema}
                extra={{ category_id: category.id }}
                onAdd={(name) => after(createSubcategory(category.id, name))}
              />
            )}
          </CatalogueEntry>
        ))}
      </ol>
    </section>
  );
}

function Categories({ me }: { me: StaffMe }) {
  const readOnly = !roleCan(me.role, 'catalogue.write');
  return (
    <div className="space-y-6">
      <a href={adminRoutes.adminCatalogue} className="font-semibold text-brand-800 underline">
        Back to the catalogue
      </a>
      {readOnly && <ReadOnlyNote permission="catalogue.write" />}
      <CategoryList readOnly={readOnly} />
      <BannersSection readOnly={readOnly} />
      <OffersSection readOnly={readOnly} />
      <HomePopupSection readOnly={readOnly} />
    </div>
  );
}

/** /admin/categories: the menu's categories and subcategories, and the home page's banners (catalogue.read). */
export function CategoriesPage() {
  return (
    <AdminShell section="catalogue" permission="catalogue.read" title="Categories and banners">
      {(me) => <Categories me={me} />}
    </AdminShell>
  );
}
