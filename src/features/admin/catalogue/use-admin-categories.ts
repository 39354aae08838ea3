import { useLoaded } from '../use-loaded';
import { getAdminCategories } from './catalogue-api';

/** The categories with their subcategories (hidden ones too), loaded once; `reload` asks again. */
export function useAdminCategories() {
  const {
    value: categories,
    setValue: setCategories,
    error,
    reload,
  } = useLoaded(getAdminCategories, 'The categories could not be loaded.');
  return { categories, setCategories, error, reload };
}
