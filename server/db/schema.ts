import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  OrderActor,
  OrderState,
  PaymentMethod,
  RefundRequestState,
  RefundStatus,
} from '../../contract/order-lifecycle';

export type { RefundRequestState };
import type { StaffRole } from '../../contract/staff';

/** Tables as the migrations create them. Money is integer paise; flags are 0/1. */
export interface Database {
  search_synonyms: SearchSynonymsTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  products: ProductsTable;
  variants: VariantsTable;
  variant_images: VariantImagesTable;
  banners: BannersTable;
  illustrations: IllustrationsTable;
  users: UsersTable;
  ratings: RatingsTable;
  rating_images: RatingImagesTable;
  revoked_tokens: RevokedTokensTable;
  password_resets: PasswordResetsTable;
  addresses: AddressesTable;
  wishlist_items: WishlistItemsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payment_events: PaymentEventsTable;
  contact_messages: ContactMessagesTable;
  stock_levels: StockLevelsTable;
  stock_flips: StockFlipsTable;
  order_events: OrderEventsTable;
  refunds: RefundsTable;
  invoice_series: InvoiceSeriesTable;
  invoices: InvoicesTable;
  staff: StaffTable;
  staff_invites: StaffInvitesTable;
  audit_log: AuditLogTable;
  site_changes: SiteChangesTable;
  home_offers: HomeOffersTable;
  home_popup: HomePopupTable;
  images: ImagesTable;
  catalogue_import_checks: CatalogueImportChecksTable;
  refund_limits: RefundLimitsTable;
  refund_requests: RefundRequestsTable;
  order_notes: OrderNotesTable;
  couriers: CouriersTable;
  staff_alerts: StaffAlertsTable;
  stock_history: StockHistoryTable;
}

type CreatedAt = ColumnType<string, string | undefined, never>;

/** A word shoppers type and one alternative the search tries for it (0019). */
export interface SearchSynonymsTable {
  term: string;
  synonym: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  position: number;
  image: string | null;
  /** Hidden from the storefront since then; null while shown. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SubcategoriesTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  position: number;
  image: string | null;
  /** Hidden from the storefront since then; null while shown. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductsTable {
  id: Generated<number>;
  subcategory_id: number;
  name: string;
  description: string;
  weight_grams: number;
  unit: string;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  big_deal: number;
  popular: number;
  created_at: CreatedAt;
  /** HSN code of the goods, for tax invoices; null when not set. */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** GST rate in percent: 0, 5, 12, 18 or 28. */
  gst_rate: ColumnType<GstRateColumn, GstRateColumn | undefined, GstRateColumn>;
  /** The maker's name; null when none is given. */
  brand: ColumnType<string | null, string | null | undefined, string | null>;
  /** Hidden from the storefront since then; null while shown. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Counts the saves of its fields and its variants' (0018): a save of an older version is refused. */
  version: ColumnType<number, number | undefined, number>;
  /** When and by which staff member it was last saved; null before the first save through the back office. */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  updated_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its visible reviews (all variants), and the sum of their stars: kept by triggers on ratings (0022). */
  rating_count: ColumnType<number, number | undefined, number>;
  rating_total: ColumnType<number, number | undefined, number>;
}

export type GstRateColumn = 0 | 5 | 12 | 18 | 28;

export interface VariantsTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  name: string;
  color: string | null;
  size: string | null;
  sku: string;
  unit: string;
  unit_value: number;
  price_paise: number;
  final_price_paise: number;
}

export interface VariantImagesTable {
  id: Generated<number>;
  variant_id: number;
  position: number;
  image: string;
}

export interface BannersTable {
  id: Generated<number>;
  position: number;
  /** The headline over the picture. */
  title: string;
  /** The line of text under the headline. */
  subtitle: string | null;
  image: string;
  /** The button's words; with it, `link` is set. */
  button_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the banner leads: a path of the shop or an https:// address. */
  link: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The home page's offer pop-up: one row (id 1). */
export interface HomePopupTable {
  id: number;
  /** 1 shown, 0 switched off. */
  enabled: number;
  title: string;
  text: string;
  /** A code the offer names (such as BOGO50); none is null. */
  code: string | null;
  button_label: string;
  link: string;
  /** Changes whenever the words change: a visitor sees each campaign once. */
  campaign: string;
}

/** Catalogue pictures kept in the database, served under /media/catalogue/{id}-{hash}.svg. */
export interface IllustrationsTable {
  id: Generated<number>;
  /** Part of the picture's URL: it changes with the picture, so a URL's content never does. */
  hash: string;
  /** The recipe the demo seed drew the picture from. */
  spec: string;
  /** The picture; null only in rows stored before pictures were kept as SVG, until drawn. */
  svg: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  password_hash: string | null;
  profile_picture: string | null;
  created_at: CreatedAt;
  /** Unix seconds; tokens issued before it are refused. */
  tokens_valid_after: number | null;
  updated_at: string | null;
}

export interface RatingsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  variant_id: number;
  rating: number;
  review: string;
  created_at: CreatedAt;
  /** Taken down by staff since then (null: shown); a hidden review leaves the averages. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The shop's reply (0023): its text, when it was last written and by whom; null without one. */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_at: ColumnType<string | null, string | null | undefined, string | null>;
  replied_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RatingImagesTable {
  id: Generated<number>;
  rating_id: number;
  image: string;
}

/** Logged-out tokens, kept until they would have expired anyway. */
export interface RevokedTokensTable {
  jti: string;
  /** Unix seconds. */
  expires_at: number;
}

/** One e-mailed PIN. Times are Unix milliseconds. */
export interface PasswordResetsTable {
  id: string;
  user_id: number | null;
  email_lower: string;
  pin_hash: string;
  created_at: number;
  expires_at: number;
  attempts: ColumnType<number, number | undefined, number>;
  verified_at: number | null;
  token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  used_at: number | null;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  phone_number: string;
  alternate_phone_number: string;
  pincode: string;
  locality: string;
  area: string;
  city: string;
  state: string;
  landmark: string;
  address_type: 'home' | 'work';
  created_at: CreatedAt;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  user_id: number;
  variant_id: number;
  created_at: CreatedAt;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  variant_id: number;
  /** 1 to 10. */
  quantity: number;
  created_at: CreatedAt;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  /** 'online' orders are paid through the provider; 'cod' (cash on delivery) when delivered. */
  payment_method: ColumnType<PaymentMethod, PaymentMethod | undefined, never>;
  /** Which provider issued provider_order_id; null for cash on delivery. */
  provider: 'razorpay' | 'local' | null;
  /** The payment provider's `order_…` id; null for cash on delivery. */
  provider_order_id: string | null;
  receipt: string;
  /** 'test' orders come from the /razorpay test page: a payment with nothing bought. */
  kind: ColumnType<'goods' | 'test', 'goods' | 'test' | undefined, never>;
  amount_paise: number;
  currency: ColumnType<'INR', 'INR' | undefined, never>;
  /** Where the order is in its life (contract/order-lifecycle.ts). */
  state: ColumnType<OrderState, OrderState | undefined, OrderState>;
  address: string;
  /** The delivery address's pincode and state, when the order was placed from the address book. */
  delivery_pincode: string | null;
  delivery_state: string | null;
  payment_id: string | null;
  cart_fingerprint: string;
  created_at: CreatedAt;
  paid_at: string | null;
  /** When an unpaid online order expires and gives its stock back (ISO time); null once it cannot. */
  expires_at: string | null;
  /** Whether the order holds stock ('reserved'), has taken it off the shelf ('sold') or neither. */
  stock_status: ColumnType<StockStatus, StockStatus | undefined, StockStatus>;
  /** What the order was shipped with: the courier's name, the waybill (AWB) number, the tracking link. */
  shipment_courier: ColumnType<string | null, string | null | undefined, string | null>;
  shipment_awb: ColumnType<string | null, string | null | undefined, string | null>;
  shipment_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export type StockStatus = 'none' | 'reserved' | 'sold';

/** A variant's stock: on the shelf, and how much of that unpaid orders hold. Available = on_hand − reserved. */
/** One stock change by staff (0018): a delta with its reason, and what was on hand after it. */
export interface StockHistoryTable {
  id: Generated<number>;
  variant_id: number;
  delta: number;
  reason: string;
  note: string | null;
  staff_id: number | null;
  at: string;
  on_hand_after: number;
}

export interface StockLevelsTable {
  variant_id: number;
  on_hand: number;
  reserved: ColumnType<number, number | undefined, number>;
}

/** Moves whenever a variant goes from buyable to sold out or back (0021). */
export interface StockFlipsTable {
  id: number;
  n: ColumnType<number | string, number, number>;
}

/** One change of an order's state. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  at: string;
  from_state: OrderState | null;
  to_state: OrderState;
  actor: OrderActor;
  note: string | null;
  /** When the e-mail for this event went out (or was found to need none); null until then. */
  notified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a process took on sending it (a claim that lapses if that process dies). */
  notify_claimed_at: ColumnType<string | null, string | null | undefined, string | null>;
  notify_attempts: ColumnType<number, number | undefined, number>;
}

/** Money given back for one payment. */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  payment_id: string;
  provider: 'razorpay' | 'local';
  provider_refund_id: string | null;
  amount_paise: number;
  status: ColumnType<RefundStatus, RefundStatus | undefined, RefundStatus>;
  reason: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** What an order bought, as it was when bought. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  variant_id: number;
  product_id: number;
  product_name: string;
  product_image: string | null;
  quantity: number;
  unit_price_paise: number;
  /** Size (or weight) and colour of the variant as bought; null when it had none. */
  size: string | null;
  color: string | null;
  /** The product's HSN code and GST rate when bought (the tax invoice's). */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  gst_rate: ColumnType<GstRateColumn | null, GstRateColumn | null | undefined, GstRateColumn | null>;
}

/** Webhook event ids already handled: the provider delivers at least once. */
export interface PaymentEventsTable {
  id: string;
  received_at: string;
}

/** A message from the Contact Us page. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: CreatedAt;
  mailed_at: string | null;
}

/** The last invoice serial of each financial year ('2026-27'). */
export interface InvoiceSeriesTable {
  financial_year: string;
  last_serial: number;
}

/** A GST tax invoice issued for a paid order. */
export interface InvoicesTable {
  id: Generated<number>;
  order_id: number;
  /** 'GB/26-27/000042'. */
  number: string;
  financial_year: string;
  serial: number;
  issued_at: string;
  /** JSON of the seller as invoiced: legalName, addressLines, gstin, state. */
  seller: string;
}

/** A back-office account (contract/staff.ts has the roles and what each may do). */
export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  /** Base32 key of the TOTP second factor; never in an answer. */
  totp_secret: string;
  /** When the first code from the app was taken (ISO time); null until then. */
  totp_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The TOTP time step of the last code taken: no code of it or before is taken again. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON array of the SHA-256 hashes (hex) of the recovery codes not used yet. */
  recovery_codes: string;
  /** Unix seconds; tokens issued before it are refused. */
  tokens_valid_after: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  /** The owner who invited them; null for the command line. */
  created_by: number | null;
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when they want an e-mail of new orders (batched), 0 when not. */
  alert_new_orders: ColumnType<number, number | undefined, number>;
  /** 1 when they want the morning's summary of the day before, 0 when not. */
  alert_daily_summary: ColumnType<number, number | undefined, number>;
}

/** An owner's invitation to the back office; usable once before it expires. */
export interface StaffInvitesTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the token e-mailed. */
  token_hash: string;
  email: string;
  role: StaffRole;
  invited_by: number;
  created_at: CreatedAt;
  /** ISO times. */
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AuditOutcome = 'done' | 'denied';

/** One staff change or denied staff action; entries are never changed or deleted (triggers refuse). */
/** One of the home page's Extra Offers. */
export interface HomeOffersTable {
  id: Generated<number>;
  position: number;
  title: string;
  text: string;
  image: string;
  /** What its Shop Now button searches for. */
  search: string;
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A committed catalogue change whose pages are still to be re-rendered (done_at null). */
/** A CSV import's dry run: the rows it would create or change, as JSON of CsvRowChange[]. */
/** The most a role may refund on its own; a role without a row has the shop's default. */
export interface RefundLimitsTable {
  role: StaffRole;
  /** Null: no limit. */
  limit_paise: number | null;
  updated_at: string;
  updated_by: number | null;
}

/** A cancellation with refund above its asker's limit, waiting for a manager or an owner. */
export interface RefundRequestsTable {
  id: Generated<number>;
  order_id: number;
  amount_paise: number;
  /** The reason the shopper is told when the order is cancelled. */
  note: string | null;
  requested_by: number;
  requested_at: string;
  state: ColumnType<RefundRequestState, RefundRequestState | undefined, RefundRequestState>;
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<string | null, string | null | undefined, string | null>;
  decision_note: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Staff's own note on an order: never shown to the shopper. */
export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number | null;
  body: string;
  created_at: string;
}

export interface CatalogueImportChecksTable {
  plan: string;
  /** Null for the command line. */
  staff_id: number | null;
  created_at: string;
  changes: string;
}

export interface SiteChangesTable {
  id: Generated<number>;
  created_at: CreatedAt;
  /** JSON of a SiteChange (services/site/changes.ts). */
  change: string;
  attempts: ColumnType<number, number | undefined, number>;
  done_at: ColumnType<string | null, string | null | undefined, string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** Who acted; null for the command line or a login refused before anyone was known. */
  staff_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  /** JSON objects, or null. */
  before: string | null;
  after: string | null;
  outcome: AuditOutcome;
  ip: string | null;
  note: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type AddressRow = Selectable<AddressesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type VariantRow = Selectable<VariantsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type StaffRow = Selectable<StaffTable>;
export type StaffInviteRow = Selectable<StaffInvitesTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

/** A picture of the image pipeline: its original's facts, the demo recipe it is drawn from, and how far it is encoded. */
export interface ImagesTable {
  id: Generated<number>;
  /** 16 hex digits, part of every file name of the picture. */
  hash: string;
  width: number;
  height: number;
  /** Dominant colour, '#rrggbb'. */
  colour: string;
  ext: 'jpg' | 'png' | 'webp';
  /** The demo seed's photo recipe (JSON), drawn when the original is not on disk; null for uploads. */
  recipe: string | null;
  /** Pipeline version whose responsive widths are written; 0 before the first encoding. */
  encoded: Generated<number>;
  created_at: Generated<string>;
}

/** A courier the shop books; `tracking_url` holds `{awb}` where the waybill number goes. */
export interface CouriersTable {
  id: Generated<number>;
  name: string;
  tracking_url: string;
  active: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

/** How far one staff alert has gone: the last order event told of, when it was sent, the last day summed up. */
export interface StaffAlertsTable {
  kind: string;
  last_event_id: ColumnType<number, number | undefined, number>;
  last_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_day: ColumnType<string | null, string | null | undefined, string | null>;
}
