import type { Product } from '../../../contract/types';
import { CURRENCY, SHOP_NAME } from '../../../contract/shop';
import { formatRating } from '../../../contract/format';
import * as routes from '../../lib/routes';

/** schema.org Product data for a product page: every variant an offer priced in INR. */
export function productJsonLd(product: Product, site: URL): Record<string, unknown> {
  const url = new URL(routes.product(product.id), site).href;
  const images = product.variants.flatMap((v) => v.images.map((i) => new URL(i.image, site).href));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: [...new Set(images)].slice(0, 6),
    sku: product.variants[0]?.sku,
    category: `${product.category_name} > ${product.sub_category_name}`,
    brand: { '@type': 'Brand', name: product.name.split(/\s+/)[0] },
    url,
    offers: product.variants.map((v) => ({
      '@type': 'Offer',
      sku: v.sku,
      name: v.name,
      price: v.final_price.toFixed(2),
      priceCurrency: CURRENCY,
      availability: 'https://schema.org/InStock',
      url,
      seller: { '@type': 'Organization', name: SHOP_NAME },
    })),
    // The product's own figures, the ones its page shows.
    ...(product.rating_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: formatRating(product.average_rating),
            reviewCount: product.rating_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
