/**
 * The API and its media, as one tree of routes: what `createApp` serves, and what the OpenAPI
 * document (/api/openapi.json, /api/docs, docs/api.md) is generated from.
 */
import type { Db } from '../db';
import { ApiRoutes, declareSecuritySchemes } from '../http/api-routes';
import type { ResponseCache } from '../http/response-cache';
import { openApiDocument, type OpenApiDocument } from '../openapi/document';
import { referenceRoutes } from '../openapi/reference';
import type { Accounts } from '../services/auth/accounts';
import type { DeliveryOptions } from '../services/delivery/serviceability';
import type { Invoices } from '../services/invoices/issuing';
import type { Ordering } from '../services/orders/ordering';
import type { PaymentEffects } from '../services/payments/payments';
import type { PaymentsOptions } from '../services/payments/provider';
import type { StaffContext } from '../services/staff/context';
import { addressRoutes } from './addresses';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { cartRoutes } from './cart';
import { browseRoutes } from './browse';
import { catalogueRoutes } from './catalogue';
import { contactRoutes } from './contact';
import { deliveryRoutes } from './delivery';
import { healthRoutes, type HealthOptions } from './health';
import { mediaRoutes } from './media';
import type { OnDemandPictures } from '../services/images/on-demand';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payments';
import { profileRoutes } from './profile';
import { ratingRoutes } from './ratings';
import { searchSuggestionRoutes } from './search-suggestions';
import { stockRoutes } from './stock';
import { wishlistRoutes } from './wishlist';

/** What the routes are handed by start-up's composition (`createApp`). */
export interface ApiDeps {
  db: Db;
  /** The public catalogue answers' cache; a new review empties it too (through `staff.catalogueChanged`). */
  catalogueCache: ResponseCache;
  accounts: Accounts;
  payments: PaymentsOptions;
  ordering: Ordering;
  effects: PaymentEffects & { invoices: Invoices };
  delivery: DeliveryOptions;
  /** The back office's context: staff sessions, and the shop's services for the desks. */
  staff: StaffContext;
  health: HealthOptions;
  /** Folder of uploaded media, served under /media/. */
  mediaDir?: string;
  /** Makes a picture asked for before the background encoder reached it (processes that encode pictures). */
  pictures?: OnDemandPictures;
}

/** Every route of the API (under /api/) and of its media (under /media/), in the order the reference lists them. */
export function apiRoutes(deps: ApiDeps): ApiRoutes {
  const { db, catalogueCache: cache, accounts } = deps;
  const api = new ApiRoutes();
  declareSecuritySchemes(api);
  api.route('/api/common', catalogueRoutes(db, cache));
  api.route('/api/common', browseRoutes(db, cache));
  api.route('/api/common', searchSuggestionRoutes(db, cache));
  api.route('/api/common', stockRoutes(db));
  api.route('/api/common', deliveryRoutes(deps.delivery, accounts.now));
  api.route('/api/common', authRoutes(accounts));
  api.route('/api/common', profileRoutes(accounts));
  api.route('/api/common', addressRoutes(accounts));
  api.route('/api/common', cartRoutes(accounts));
  api.route('/api/common', wishlistRoutes(accounts));
  api.route('/api/common', orderRoutes(accounts, deps.payments.provider, deps.ordering, deps.effects));
  api.route('/api/common', ratingRoutes(accounts, cache, deps.staff.catalogueChanged));
  api.route('/api/common', contactRoutes(accounts));
  api.route('/api/payments', paymentRoutes(accounts, deps.payments, deps.effects));
  // The description of everything here, generated from the routes on first use.
  api.route(
    '/api',
    referenceRoutes(() => openApiDocument(api)),
  );
  api.route('/api', healthRoutes(deps.health));
  // The back office: staff sessions of their own (token audience 'staff'), each call checked against the role.
  api.route('/api/admin', adminRoutes(deps.staff));
  api.route('/media', mediaRoutes(db, deps.mediaDir, deps.pictures));
  return api;
}

/**
 * Dependencies for routes that are only described, never served: the document needs the routes'
 * declarations, which their factories make, and no database or service. Any property reads as
 * another such stand-in, so a factory may take apart what it is handed; calling one throws.
 */
function describeOnly<T>(): T {
  const standIn: object = new Proxy(() => undefined, {
    get: (_target, key) => (key === 'then' ? undefined : standIn),
    apply: () => {
      throw new Error('These routes only describe the API: nothing may be called while they are built.');
    },
  });
  return standIn as T;
}

let described: OpenApiDocument | null = null;

/** The API's OpenAPI document, generated from the same routes the shop serves (`npm run docs:api`, the tests). */
export function apiDocument(): OpenApiDocument {
  described ??= openApiDocument(apiRoutes(describeOnly<ApiDeps>()));
  return described;
}
