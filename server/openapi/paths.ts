/**
 * Every route of the API, registered for the OpenAPI document: method, path, summary, tag,
 * whether it needs the session, what it reads and what it answers. The API tests check each
 * answer against this, and that the app serves exactly these routes.
 */
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AddressSchema,
  LoginAnswerSchema,
  LoginRefusedSchema,
  ProfileAnswerSchema,
  ResetTokenAnswerSchema,
  SignupAnswerSchema,
} from '../../contract/api/accounts';
import {
  CartAnswerSchema,
  CartItemSchema,
  CodOrderSchema,
  CreatedOrderSchema,
  OrderSchema,
  PaymentConfigSchema,
  PaymentResultSchema,
  PaymentVerifiedSchema,
  ReviewSchema,
  WebhookAnswerSchema,
  WishlistAnswerSchema,
  WishlistToggleAnswerSchema,
} from '../../contract/api/buying';
import {
  BannerSchema,
  HomeOfferSchema,
  CategorySchema,
  ProductPageSchema,
  ProductSchema,
  SearchResultSchema,
  StockAnswerSchema,
  SubcategorySchema,
} from '../../contract/api/catalogue';
import { DeliveryAnswerSchema, PincodeParams } from '../../contract/api/delivery';
import { ApiErrorBodySchema, MessageAnswerSchema, StoredMessageAnswerSchema } from '../../contract/api/messages';
import { addressSchema } from '../../contract/schemas/address';
import {
  loginSchema,
  profileUpdateSchema,
  resetRequestSchema,
  signupSchema,
  verifyOtpSchema,
} from '../../contract/schemas/auth';
import { AddToCartBody, UpdateCartLineBody } from '../../contract/schemas/cart';
import { ProductsQuery, SearchQuery, StockQuery } from '../../contract/schemas/catalogue';
import { IdParams } from '../../contract/schemas/common';
import { contactSchema } from '../../contract/schemas/contact';
import { CreateOrderBody, TestPaymentOrderBody } from '../../contract/schemas/orders';
import { CreateReviewBody, ReviewsQuery } from '../../contract/schemas/reviews';
import { ResetPasswordBody } from '../routes/auth';
import { HealthSchema } from '../routes/health';
import { VerifyPaymentBody } from '../routes/orders';
import { LocalAuthorizeBody, RazorpayWebhookBody, WebhookEventIdHeader } from '../routes/payments';
import { adminCatalogueOperations } from './admin-catalogue-paths';
import { adminCsvOperations } from './admin-csv-paths';
import { adminOperations } from './admin-paths';
import { profilePictureField, reviewImagesField, webhookSignatureHeader } from './forms';

export const BEARER = 'bearerAuth';
/** Staff tokens (audience `staff`): the /api/admin calls take these and no other. */
export const STAFF_BEARER = 'staffBearerAuth';

export const TAGS = [
  { name: 'Catalogue', description: 'Categories, banners, products and search: public, and cached.' },
  { name: 'Delivery', description: 'Where and how soon the shop delivers, by pincode: public, and cached.' },
  { name: 'Accounts', description: 'Sign-up, login, logout and password reset by an e-mailed PIN.' },
  { name: 'Profile', description: "The signed-in shopper's profile and delivery addresses." },
  { name: 'Cart', description: "The signed-in shopper's cart and wishlist." },
  { name: 'Orders', description: 'Placing orders (priced by the server), paying for them, order history.' },
  { name: 'Reviews', description: 'Reviews: readable by anyone, written by shoppers who bought the variant.' },
  { name: 'Contact', description: 'The Contact Us form.' },
  { name: 'Payments', description: "The payment provider's webhook, the payment mode, the local test checkout." },
  {
    name: 'Staff',
    description:
      'The back office: staff login with a second factor, staff sessions, invitations, roles and the audit log.',
  },
  { name: 'Back office', description: 'The catalogue as staff edit it: products, variants, stock, pictures, banners.' },
  { name: 'Reference', description: 'This description of the API.' },
  { name: 'Operations', description: 'For load balancers and monitoring.' },
] as const;
type Tag = (typeof TAGS)[number]['name'];

type Responses = RouteConfig['responses'];
/** A body's schema: a zod schema, or one already in JSON Schema. */
type BodyContent = NonNullable<NonNullable<RouteConfig['request']>['body']>['content'][string];
type BodySchema = NonNullable<Exclude<NonNullable<BodyContent>, { $ref: string }>['schema']>;
type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const ERROR_TEXT: Record<Status, string> = {
  400: 'The request is not valid: `message` says why, `errors` names each field.',
  401: 'No session token, or one that has ended (`WWW-Authenticate: Bearer`).',
  403: 'Not allowed for this shopper.',
  404: 'No such record (or not one of the shopper\u2019s own).',
  409: 'In conflict with what is stored.',
  413: 'The request body is too large.',
  415: 'The body is not of a content type this call reads.',
  429: 'Too many attempts: wait the seconds the Retry-After header gives.',
  503: 'Attempts cannot be counted now (the shared throttle store is away): wait the seconds the Retry-After header gives.',
};

/** Error answers: the one error shape, with the given or the usual description. */
export function errors(...statuses: (Status | [Status, string])[]): Responses {
  const out: Responses = {};
  for (const entry of statuses) {
    const [status, description] = Array.isArray(entry) ? entry : [entry, ERROR_TEXT[entry]];
    out[status] = {
      ...json(ApiErrorBodySchema, description),
      ...(status === 429 || status === 503
        ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
        : {}),
    };
  }
  out.default = json(ApiErrorBodySchema, 'Any other failure (500: something went wrong on the server).');
  return out;
}

export const jsonBody = (schema: BodySchema, description?: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema } },
});

/**
 * What `schema` accepts, as zod itself describes its input. For schemas built with `.catch`, which
 * the document generator (zod-to-openapi 9.1) refuses as an unknown zod type.
 */
function inputJsonSchema(schema: z.ZodType): BodySchema {
  const { $schema: _dialect, ...described } = z.toJSONSchema(schema, { io: 'input' });
  return described as BodySchema;
}

export interface Operation {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** The route needs the session's bearer token. */
  session?: boolean;
  /** The route needs a staff token (its description says which roles). */
  staff?: boolean;
  request?: RouteConfig['request'];
  responses: Responses;
}

const common = (path: string) => `/api/common${path}`;

/** The API's routes, in the order the reference lists them. */
export const OPERATIONS: Operation[] = [
  // ---- Catalogue ----
  {
    method: 'get',
    path: common('/product_categories'),
    tag: 'Catalogue',
    summary: 'List the categories',
    responses: { 200: json(z.array(CategorySchema), 'Every category, in display order.'), ...errors() },
  },
  {
    method: 'get',
    path: common('/subcategories'),
    tag: 'Catalogue',
    summary: 'List the subcategories',
    responses: { 200: json(z.array(SubcategorySchema), 'Every subcategory, by category.'), ...errors() },
  },
  {
    method: 'get',
    path: common('/banners_api'),
    tag: 'Catalogue',
    summary: "List the home page's banners",
    responses: { 200: json(z.array(BannerSchema), 'The banners, in display order.'), ...errors() },
  },
  {
    method: 'get',
    path: common('/home_offers'),
    tag: 'Catalogue',
    summary: "List the home page's Extra Offers",
    description: 'Hidden offers are left out; staff manage them under /api/admin/catalogue/offers.',
    responses: { 200: json(z.array(HomeOfferSchema), 'The offers, in display order.'), ...errors() },
  },
  {
    method: 'get',
    path: common('/products'),
    tag: 'Catalogue',
    summary: 'List products',
    description:
      'Without `page` and `page_size`, every matching product as a list; with either, one page ' +
      'of them with the total count.',
    request: { query: ProductsQuery },
    responses: {
      200: json(z.union([z.array(ProductSchema), ProductPageSchema]), 'The products, or one page of them.'),
      ...errors(400),
    },
  },
  {
    method: 'get',
    path: common('/products/{id}'),
    tag: 'Catalogue',
    summary: 'Get one product',
    request: { params: IdParams },
    responses: { 200: json(ProductSchema, 'The product.'), ...errors([404, 'No such product.']) },
  },
  {
    method: 'get',
    path: common('/featured_products'),
    tag: 'Catalogue',
    summary: 'List the featured products',
    description: 'Products flagged big deal or popular; the storefront shows those with `big_deal`.',
    responses: { 200: json(z.array(ProductSchema), 'The featured products.'), ...errors() },
  },
  {
    method: 'get',
    path: common('/products_search'),
    tag: 'Catalogue',
    summary: 'Search products',
    description:
      'Products whose name, description, category or subcategory hold every word, best first: the ' +
      'whole phrase in the name, then every word in the name, then the rest. At most 100.',
    request: { query: SearchQuery },
    responses: { 200: json(z.array(SearchResultSchema), 'The products found.'), ...errors(400) },
  },
  {
    method: 'get',
    path: common('/stock'),
    tag: 'Catalogue',
    summary: 'What can be bought now',
    description:
      'Every variant of the products named, or the variants named, with what can be ordered now (on hand ' +
      'less what unpaid orders hold), counted up to 10. Read live: pages are built once, sales go on.',
    request: { query: StockQuery },
    responses: { 200: json(StockAnswerSchema, 'The variants and what is available.'), ...errors(400) },
  },
  // ---- Delivery ----
  {
    method: 'get',
    path: common('/delivery/{pincode}'),
    tag: 'Delivery',
    summary: 'Check delivery to a pincode',
    description:
      "The zone of the pincode's longest configured prefix gives the days (Sundays not counted, from " +
      'today in India) and whether cash on delivery is offered, for orders up to `cod_limit`. Cached ' +
      'by browsers for 5 minutes (less just before midnight in India, when the dates move on).',
    request: { params: PincodeParams },
    responses: {
      200: json(DeliveryAnswerSchema, 'Deliverable with its date, or not deliverable.'),
      ...errors([400, 'Not a pincode: `Valid 6-digit pincode is required`.']),
    },
  },
  // ---- Accounts ----
  {
    method: 'post',
    path: common('/signup'),
    tag: 'Accounts',
    summary: 'Create an account',
    request: { body: jsonBody(signupSchema) },
    responses: {
      201: json(SignupAnswerSchema, 'The account was created.'),
      ...errors(400, [409, 'The e-mail or phone number belongs to another account.'], 413, 415, 429),
    },
  },
  {
    method: 'post',
    path: common('/userlogin'),
    tag: 'Accounts',
    summary: 'Log in',
    description:
      'The e-mail is the user name. Also sets a device cookie: failed logins from a browser that ' +
      'holds it count against that browser alone.',
    request: { body: jsonBody(loginSchema) },
    responses: {
      200: json(LoginAnswerSchema, 'Logged in: the session token and the profile.'),
      401: json(LoginRefusedSchema, 'Wrong e-mail or password.'),
      ...errors(400, 413, 415, 429, 503),
    },
  },
  {
    method: 'post',
    path: common('/logout'),
    tag: 'Accounts',
    summary: 'Log out',
    description: 'Ends the session: the token is refused from now on.',
    session: true,
    responses: { 200: json(MessageAnswerSchema, 'Logged out.'), ...errors(401, 413) },
  },
  {
    method: 'post',
    path: common('/request_reset_otp'),
    tag: 'Accounts',
    summary: 'Ask for a password-reset PIN',
    description: 'E-mails a 4-digit PIN. The answer is the same whether or not the account exists.',
    request: { body: jsonBody(resetRequestSchema) },
    responses: { 200: json(MessageAnswerSchema, 'The PIN is on its way.'), ...errors(400, 413, 415, 429, 503) },
  },
  {
    method: 'post',
    path: common('/verify_reset_otp'),
    tag: 'Accounts',
    summary: 'Check a password-reset PIN',
    request: { body: jsonBody(verifyOtpSchema) },
    responses: {
      200: json(ResetTokenAnswerSchema, 'The PIN is right: the token for reset_password.'),
      ...errors([400, 'The request is not valid, or the PIN is wrong.'], 413, 415, 429, 503),
    },
  },
  {
    method: 'post',
    path: common('/reset_password'),
    tag: 'Accounts',
    summary: 'Set a new password',
    description: 'Needs the token of a verified PIN. Every session of the account ends.',
    request: { body: jsonBody(ResetPasswordBody) },
    responses: {
      200: json(MessageAnswerSchema, 'The password was changed.'),
      ...errors([400, 'The request is not valid, or the PIN was not verified.'], 413, 415),
    },
  },
  // ---- Profile ----
  {
    method: 'get',
    path: common('/profile'),
    tag: 'Profile',
    summary: "Get the shopper's profile",
    session: true,
    responses: { 200: json(ProfileAnswerSchema, 'The profile.'), ...errors(401) },
  },
  {
    method: 'patch',
    path: common('/profile'),
    tag: 'Profile',
    summary: 'Update the profile',
    description:
      'A multipart form (with an optional picture), a URL-encoded form or JSON. A new e-mail needs ' +
      'the current password; the old address is told of the change.',
    session: true,
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: profileUpdateSchema.extend({ profile_picture: profilePictureField.optional() }),
          },
          'application/x-www-form-urlencoded': { schema: profileUpdateSchema },
          'application/json': { schema: profileUpdateSchema },
        },
      },
    },
    responses: {
      200: json(ProfileAnswerSchema, 'The updated profile.'),
      ...errors(
        [400, 'The request is not valid (a new e-mail without the current password among others).'],
        401,
        [403, 'The current password is not correct.'],
        [409, 'The e-mail or phone number belongs to another account.'],
        413,
        415,
        429,
        503,
      ),
    },
  },
  {
    method: 'get',
    path: common('/addresses'),
    tag: 'Profile',
    summary: 'List the saved addresses',
    session: true,
    responses: { 200: json(z.array(AddressSchema), 'The addresses, newest first.'), ...errors(401) },
  },
  {
    method: 'post',
    path: common('/addresses'),
    tag: 'Profile',
    summary: 'Save a delivery address',
    session: true,
    request: { body: jsonBody(addressSchema) },
    responses: {
      201: json(AddressSchema, 'The saved address.'),
      ...errors([400, 'The request is not valid, or 50 addresses are saved already.'], 401, 413, 415),
    },
  },
  {
    method: 'get',
    path: common('/addresses/{id}'),
    tag: 'Profile',
    summary: 'Get one saved address',
    session: true,
    request: { params: IdParams },
    responses: { 200: json(AddressSchema, 'The address.'), ...errors(401, [404, 'No such address of this shopper.']) },
  },
  {
    method: 'delete',
    path: common('/addresses/{id}'),
    tag: 'Profile',
    summary: 'Delete a saved address',
    session: true,
    request: { params: IdParams },
    responses: {
      200: json(MessageAnswerSchema, 'The address was deleted.'),
      ...errors(401, [404, 'No such address of this shopper.'], 413),
    },
  },
  // ---- Cart and wishlist ----
  {
    method: 'get',
    path: common('/cart'),
    tag: 'Cart',
    summary: 'Get the cart',
    description: 'Lines priced as the catalogue prices them now.',
    session: true,
    responses: { 200: json(CartAnswerSchema, 'The cart.'), ...errors(401) },
  },
  {
    method: 'post',
    path: common('/cart/add'),
    tag: 'Cart',
    summary: 'Put a variant in the cart',
    session: true,
    request: { body: jsonBody(AddToCartBody) },
    responses: {
      201: json(MessageAnswerSchema, 'Added.'),
      ...errors(
        [400, 'The request is not valid, the variant is in the cart already, or the cart is full (100 lines).'],
        401,
        [404, 'No such variant.'],
        413,
        415,
      ),
    },
  },
  {
    method: 'patch',
    path: common('/cart/{id}'),
    tag: 'Cart',
    summary: "Change a cart line's quantity",
    description: '`id` is the variant id of the line.',
    session: true,
    request: { params: IdParams, body: jsonBody(UpdateCartLineBody) },
    responses: {
      200: json(CartItemSchema, 'The changed line.'),
      ...errors(400, 401, [404, 'The variant is not in the cart.'], 413, 415),
    },
  },
  {
    method: 'delete',
    path: common('/cart_delete/{id}'),
    tag: 'Cart',
    summary: 'Remove a cart line',
    description: '`id` is the variant id of the line.',
    session: true,
    request: { params: IdParams },
    responses: {
      200: json(MessageAnswerSchema, 'Removed.'),
      ...errors(401, [404, 'The variant is not in the cart.'], 413),
    },
  },
  {
    method: 'get',
    path: common('/wishlist'),
    tag: 'Cart',
    summary: 'Get the wishlist',
    session: true,
    responses: { 200: json(WishlistAnswerSchema, 'The wishlist, newest first.'), ...errors(401) },
  },
  {
    method: 'post',
    path: common('/wishlist_toggle/{id}'),
    tag: 'Cart',
    summary: 'Add a variant to the wishlist, or take it off',
    description: '`id` is the variant id.',
    session: true,
    request: { params: IdParams },
    responses: {
      200: json(WishlistToggleAnswerSchema, 'What the toggle did.'),
      ...errors([400, 'The wishlist is full (500 entries).'], 401, [404, 'No such variant.'], 413),
    },
  },
  // ---- Orders ----
  {
    method: 'post',
    path: common('/create_order'),
    tag: 'Orders',
    summary: 'Place an order',
    description:
      "Priced by the server from the catalogue's prices now; any price or amount sent is ignored. " +
      'The same cart and address placed again within 30 minutes, unpaid, answers the same order. ' +
      "A pincode the shop does not deliver to is refused; cash on delivery needs a zone that takes it and a total within the shop's limit. " +
      'The answer carries the amount in paise, as the payment checkout wants it.',
    session: true,
    request: { body: jsonBody(CreateOrderBody) },
    responses: {
      201: json(
        z.union([CreatedOrderSchema, CodOrderSchema]),
        "An online order and what the provider's checkout needs, or a confirmed cash-on-delivery order.",
      ),
      ...errors(
        [
          400,
          'No products, a bad line, no address, a total under ₹1, a pincode not served, or cash on delivery not allowed (`error` repeats the message).',
        ],
        401,
        [404, 'A variant or the saved address does not exist.'],
        [409, 'Fewer are left than asked: the message names the product and how many are left.'],
        413,
        415,
      ),
    },
  },
  {
    method: 'post',
    path: common('/verify_payment'),
    tag: 'Orders',
    summary: "Record a checkout's successful payment",
    description: "Checks the provider's signature over the stored order id and the payment id.",
    session: true,
    request: { body: jsonBody(VerifyPaymentBody, "The checkout's result, as it handed it over.") },
    responses: {
      200: json(PaymentVerifiedSchema, 'The order is paid.'),
      ...errors(
        [400, 'The signature or ids do not check out, or the payment paid another order.'],
        401,
        [404, 'No such order of this shopper.'],
        [409, 'The order expired, was cancelled, sold out or was paid already: this payment is refunded in full.'],
        413,
        415,
      ),
    },
  },
  {
    method: 'post',
    path: common('/test_payment_order'),
    tag: 'Orders',
    summary: 'Start a test payment',
    description: 'A small payment with nothing bought, to try the checkout. Only with test keys or the local checkout.',
    session: true,
    request: { body: jsonBody(TestPaymentOrderBody) },
    responses: {
      201: json(CreatedOrderSchema, "The test order, and what the provider's checkout needs."),
      ...errors(400, 401, [403, 'The shop takes real payments: no test payments.'], 413, 415),
    },
  },
  {
    method: 'get',
    path: common('/orders_history'),
    tag: 'Orders',
    summary: "List the shopper's orders",
    session: true,
    responses: { 200: json(z.array(OrderSchema), 'The orders, newest first.'), ...errors(401) },
  },
  {
    method: 'get',
    path: common('/orders/{id}'),
    tag: 'Orders',
    summary: 'Get one order',
    session: true,
    request: { params: IdParams },
    responses: { 200: json(OrderSchema, 'The order.'), ...errors(401, [404, 'No such order of this shopper.']) },
  },
  {
    method: 'get',
    path: common('/orders/{id}/invoice'),
    tag: 'Orders',
    summary: "Download a paid order's GST tax invoice",
    description:
      'A PDF: the shop and the buyer, each line with its HSN code, taxable value and GST (CGST + SGST within ' +
      "the shop's state, IGST between states), totals in figures and words. Numbered when the order is paid.",
    session: true,
    request: { params: IdParams },
    responses: {
      200: {
        description: 'The invoice.',
        content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
      },
      ...errors(401, [404, 'No such order of this shopper, or it is not paid yet (no invoice).']),
    },
  },
  {
    method: 'post',
    path: common('/orders/{id}/pay'),
    tag: 'Orders',
    summary: 'Pay an unpaid order again (Pay now)',
    description:
      'The same order and amount, for another payment attempt: an order whose payment failed holds its stock ' +
      'again and has a new time to pay.',
    session: true,
    request: { params: IdParams },
    responses: {
      200: json(CreatedOrderSchema, "What the provider's checkout needs."),
      ...errors(
        401,
        [404, 'No such order of this shopper.'],
        [409, 'Paid already, expired, cancelled, or no longer in stock (`error` repeats the message).'],
      ),
    },
  },
  {
    method: 'post',
    path: common('/orders/{id}/cancel'),
    tag: 'Orders',
    summary: 'Cancel an order',
    description:
      'Until it ships. Its stock goes back; a paid order is refunded in full through the payment provider ' +
      '(the refund shows on the order).',
    session: true,
    request: { params: IdParams },
    responses: {
      200: json(OrderSchema, 'The cancelled order.'),
      ...errors(401, [404, 'No such order of this shopper.'], [409, 'Shipped, delivered, or cancelled already.']),
    },
  },
  // ---- Reviews ----
  {
    method: 'get',
    path: common('/ratings'),
    tag: 'Reviews',
    summary: 'List reviews',
    description: 'Newest first, at most 500; narrowed by product, variant and/or author.',
    request: { query: ReviewsQuery },
    responses: { 200: json(z.array(ReviewSchema), 'The reviews.'), ...errors(400) },
  },
  {
    method: 'post',
    path: common('/ratings'),
    tag: 'Reviews',
    summary: 'Review a bought variant',
    description: 'A multipart form with up to three pictures (or JSON without pictures). One review per variant.',
    session: true,
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': { schema: CreateReviewBody.extend({ images: reviewImagesField }) },
          'application/json': { schema: CreateReviewBody },
        },
      },
    },
    responses: {
      201: json(ReviewSchema, 'The review.'),
      ...errors(
        400,
        401,
        [403, 'The shopper has not bought this variant (`detail` repeats the message).'],
        [404, 'No such variant.'],
        [409, 'The shopper has reviewed this variant already (`detail` repeats the message).'],
        413,
        415,
      ),
    },
  },
  // ---- Contact ----
  {
    method: 'post',
    path: common('/contact'),
    tag: 'Contact',
    summary: 'Send a message to customer care',
    description:
      'JSON is answered with JSON. A plain HTML form post (sent before the page\u2019s script ran) is ' +
      'answered 303 back to the Contact Us page, `?contact=sent|invalid|busy` in its address.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': { schema: contactSchema },
          'application/x-www-form-urlencoded': { schema: contactSchema },
        },
      },
    },
    responses: {
      201: json(StoredMessageAnswerSchema, 'The message was stored and is being e-mailed.'),
      303: { description: 'A plain form post: back to the Contact Us page.' },
      ...errors(400, 413, 415, 429),
    },
  },
  // ---- Payments ----
  {
    method: 'post',
    path: '/api/payments/webhook',
    tag: 'Payments',
    summary: "The payment provider's webhook",
    description: 'Signed by Razorpay with the webhook secret; 404 when no secret is configured.',
    request: {
      headers: z.object({
        'x-razorpay-signature': webhookSignatureHeader,
        'x-razorpay-event-id': WebhookEventIdHeader,
      }),
      body: jsonBody(inputJsonSchema(RazorpayWebhookBody)),
    },
    responses: {
      200: json(WebhookAnswerSchema, 'The delivery was taken.'),
      ...errors([400, 'Bad signature, body or event id.'], [404, 'Webhooks are not configured.'], 413),
    },
  },
  {
    method: 'get',
    path: '/api/payments/config',
    tag: 'Payments',
    summary: 'How the shop takes payments',
    responses: { 200: json(PaymentConfigSchema, 'The provider, and whether no money is taken.'), ...errors() },
  },
  {
    method: 'get',
    path: '/api/payments/local/checkout.js',
    tag: 'Payments',
    summary: "The local test checkout's script",
    description: 'Only while the local test checkout is in use; 404 otherwise.',
    responses: {
      200: { description: 'The script.', content: { 'text/javascript': { schema: z.string() } } },
      ...errors([404, 'The shop uses a real payment provider.']),
    },
  },
  {
    method: 'post',
    path: '/api/payments/local/authorize',
    tag: 'Payments',
    summary: 'Sign a test payment (local checkout)',
    description:
      "The local checkout's Success button: signs a payment for the shopper's own unpaid order as " +
      'Razorpay would. Only while the local test checkout is in use.',
    session: true,
    request: { body: jsonBody(LocalAuthorizeBody) },
    responses: {
      200: json(PaymentResultSchema, 'The signed result, for verify_payment.'),
      ...errors(
        [400, 'Not an order id of this checkout, or the order is paid.'],
        401,
        [404, 'No such order of this shopper, or a real payment provider.'],
        413,
        415,
      ),
    },
  },
  {
    method: 'post',
    path: '/api/payments/local/fail',
    tag: 'Payments',
    summary: 'Report a failed test payment (local checkout)',
    description:
      "The local checkout's Failure button, as Razorpay's payment.failed webhook: the order gives its stock " +
      'back and can be paid again until it expires. Only while the local test checkout is in use.',
    session: true,
    request: { body: jsonBody(LocalAuthorizeBody) },
    responses: {
      200: json(MessageAnswerSchema, 'Taken.'),
      ...errors(
        [400, 'Not an order id of this checkout.'],
        401,
        [404, 'No such order of this shopper, or a real payment provider.'],
        413,
        415,
      ),
    },
  },
  // ---- This reference ----
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    summary: 'This description, as OpenAPI 3.1',
    responses: {
      200: { description: 'The OpenAPI document.', content: { 'application/json': { schema: z.looseObject({}) } } },
    },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Reference',
    summary: 'This description as a page to browse',
    responses: { 200: { description: 'The page.', content: { 'text/html': { schema: z.string() } } } },
  },
  {
    method: 'get',
    path: '/api/docs/assets/{file}',
    tag: 'Reference',
    summary: "The reference page's script and style",
    request: { params: z.object({ file: z.string() }) },
    responses: {
      200: {
        description: 'The file.',
        content: { 'text/javascript': { schema: z.string() }, 'text/css': { schema: z.string() } },
      },
      ...errors([404, 'No such file.']),
    },
  },
  // ---- Operations ----
  {
    method: 'get',
    path: '/api/health',
    tag: 'Operations',
    summary: "This process's health, for load balancers",
    description:
      'Checks the database (`select 1`) and Redis (`PING`, when REDIS_URL is set), each within 2 s, and ' +
      'gives the age of the site being served. Never cached, never throttled.',
    responses: {
      200: json(HealthSchema, 'The database answers (Redis may not: then `status` is `degraded`).'),
      503: json(HealthSchema, 'The database does not answer: send requests to another process.'),
    },
  },
];

/** Registers the bearer scheme and every operation. */
export function registerOperations(spec: OpenAPIHono): void {
  spec.openAPIRegistry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `access` token login answers. Sessions last TOKEN_TTL_HOURS (48 by default); logout and a password reset end them.',
  });
  spec.openAPIRegistry.registerComponent('securitySchemes', STAFF_BEARER, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `token` staff login answers (audience `staff`; a shopper\u2019s token is refused, and a staff token is refused by shopper calls). ' +
      'Sessions last STAFF_TOKEN_TTL_HOURS (8 by default); logout and disabling the account end them.',
  });
  for (const op of [...OPERATIONS, ...adminOperations(), ...adminCatalogueOperations(), ...adminCsvOperations()]) {
    spec.openAPIRegistry.registerPath({
      method: op.method,
      path: op.path,
      tags: [op.tag],
      summary: op.summary,
      description: op.description,
      operationId: operationId(op.method, op.path),
      security: op.staff ? [{ [STAFF_BEARER]: [] }] : op.session ? [{ [BEARER]: [] }] : undefined,
      request: op.request,
      responses: op.responses,
    });
  }
}

/** `get /api/common/products/{id}` → `getCommonProductsId`. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}
