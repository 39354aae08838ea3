/** Razorpay's own checkout script: the server names it for an order, the storefront falls back to it. */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
