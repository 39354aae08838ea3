/*
 * The shop's stand-in for Razorpay's checkout.js, served when no Razorpay keys are configured.
 * Same interface: `new Razorpay(options)`, `.on('payment.failed', cb)`, `.open()`. Instead of
 * taking a card it asks the tester how the payment ends (Success or Failure); on Success the shop
 * signs the result exactly as Razorpay would, so the server verifies it with the same code, and
 * only for the logged-in shopper's own order (the page's session token goes with the request).
 * Plain ES2019 and DOM APIs only; options are shown with textContent, never parsed as HTML.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  // Relative to this script, so it works wherever the API is served from.
  var AUTHORIZE_URL = script && script.src ? new URL('authorize', script.src).href : '/api/payments/local/authorize';
  var FAIL_URL = script && script.src ? new URL('fail', script.src).href : '/api/payments/local/fail';
  var BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  var rupees = new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  var opened = 0;
  /** Where the storefront keeps the session token. */
  var TOKEN_KEY = 'authToken';
  var TEST_MODE_NOTICE = 'Test mode \u2014 no money is taken';

  function sessionToken() {
    try {
      return window.localStorage ? window.localStorage.getItem(TOKEN_KEY) : null;
    } catch {
      // Storage blocked (private mode, sandbox): the shop will answer 401.
      return null;
    }
  }

  function randomId(prefix) {
    var bytes = new Uint8Array(14);
    window.crypto.getRandomValues(bytes);
    var id = prefix + '_';
    for (var i = 0; i < bytes.length; i += 1) id += BASE62.charAt(bytes[i] % 62);
    return id;
  }

  function element(tag, text, css) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (css) node.style.cssText = css;
    return node;
  }

  function button(text, css) {
    var node = element('button', text, css);
    node.type = 'button';
    return node;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required.');
    if (!options.key) throw new Error('Razorpay: the key option is required.');
    this.options = options;
    this.listeners = {};
    this.dialog = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    if (typeof callback === 'function') (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    var callbacks = this.listeners[event] || [];
    for (var i = 0; i < callbacks.length; i += 1) callbacks[i](payload);
  };

  /** Posts `{order_id}` to one of the shop's checkout calls as the logged-in shopper. */
  function postOrder(url, orderId) {
    var headers = { 'content-type': 'application/json', accept: 'application/json' };
    var token = sessionToken();
    if (token) headers.authorization = 'Bearer ' + token;
    return fetch(url, { method: 'POST', headers: headers, body: JSON.stringify({ order_id: orderId }) });
  }

  Razorpay.prototype.fail = function (description) {
    var o = this.options;
    this.emit('payment.failed', {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: description || 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: String(o.order_id || ''), payment_id: randomId('pay') },
      },
    });
  };

  /** Closes the checkout without reporting anything (like Razorpay's `close()`). */
  Razorpay.prototype.close = function () {
    var dialog = this.dialog;
    if (!dialog) return;
    this.dialog = null;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (this.returnFocus && typeof this.returnFocus.focus === 'function') this.returnFocus.focus();
    this.returnFocus = null;
  };

  Razorpay.prototype.dismiss = function () {
    this.close();
    var modal = this.options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    if (this.dialog) return;
    var o = this.options;
    opened += 1;
    var titleId = 'local-checkout-title-' + opened;
    var accent = o.theme && typeof o.theme.color === 'string' ? o.theme.color : '#17704a';

    var dialog = element(
      'dialog',
      '',
      // margin:auto centres the modal (a page's CSS reset may have taken the browser's own away); the height keeps
      // it whole on a short screen.
      'margin:auto;max-height:calc(100dvh - 2rem);overflow:auto;box-sizing:border-box;' +
        'max-width:24rem;width:calc(100vw - 2rem);border:0;border-top:6px solid ' +
        accent +
        ';border-radius:12px;padding:1.5rem;font-family:system-ui,sans-serif;color:#1f2937;background:#fff;' +
        'box-shadow:0 20px 50px rgba(0,0,0,.3)',
    );
    dialog.setAttribute('aria-labelledby', titleId);
    dialog.setAttribute('data-local-checkout', '');

    var close = button(
      '\u00d7',
      'float:right;border:0;background:none;font-size:1.5rem;line-height:1;cursor:pointer;color:#1f2937',
    );
    close.setAttribute('aria-label', 'Close checkout');
    var title = element('h2', o.name || 'Checkout', 'margin:0 0 .5rem;font-size:1.25rem');
    title.id = titleId;
    var amount = element(
      'p',
      rupees.format((Number(o.amount) || 0) / 100),
      'margin:.25rem 0;font-size:1.5rem;font-weight:700',
    );
    var order = element('p', 'Order ' + String(o.order_id || ''), 'margin:.25rem 0;font-size:.875rem;color:#4b5563');
    var notice = element(
      'p',
      TEST_MODE_NOTICE,
      'margin:1rem 0 .25rem;padding:.5rem .75rem;border-radius:8px;background:#fef3c7;color:#78350f;font-weight:600',
    );
    notice.setAttribute('data-test-mode-notice', '');
    var note = element('p', 'Choose how this payment ends.', 'margin:.25rem 0 1rem;font-size:.875rem;color:#4b5563');
    var status = element('p', '', 'min-height:1.25rem;margin:.5rem 0;font-size:.875rem');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    var buttonCss = 'flex:1;padding:.625rem 1rem;border:0;border-radius:8px;font-weight:600;cursor:pointer;color:#fff;';
    var success = button('Success', buttonCss + 'background:#17704a');
    var failure = button('Failure', buttonCss + 'background:#b42318');
    var actions = element('div', '', 'display:flex;gap:.75rem');
    actions.append(success, failure);
    if (o.description) dialog.append(close, title, element('p', String(o.description), 'margin:0;color:#4b5563'));
    else dialog.append(close, title);
    dialog.append(amount, order, notice, note, actions, status);

    close.addEventListener('click', () => {
      this.dismiss();
    });
    // Escape: the dialog's cancel event; handled here so the checkout reports the dismissal.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (!success.disabled) this.dismiss();
    });
    // Tab cycles inside the checkout: a modal dialog alone lets focus leave for the browser's controls.
    dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      const items = [close, success, failure].filter((el) => !el.disabled);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    });
    failure.addEventListener('click', () => {
      success.disabled = true;
      failure.disabled = true;
      status.textContent = 'Processing payment\u2026';
      // The shop learns of the failure as it would from Razorpay's payment.failed webhook.
      var done = () => {
        this.close();
        this.fail('Payment failed');
      };
      postOrder(FAIL_URL, o.order_id).then(done, done);
    });
    success.addEventListener('click', () => {
      success.disabled = true;
      failure.disabled = true;
      status.textContent = 'Processing payment\u2026';
      postOrder(AUTHORIZE_URL, o.order_id)
        .then(function (response) {
          return response.json().then(function (body) {
            return { ok: response.ok, body: body };
          });
        })
        .then(
          (result) => {
            this.close();
            if (result.ok && typeof o.handler === 'function') o.handler(result.body);
            else if (!result.ok) this.fail((result.body && result.body.message) || 'Payment failed');
          },
          () => {
            this.close();
            this.fail('The payment service could not be reached.');
          },
        );
    });

    this.returnFocus = document.activeElement;
    this.dialog = dialog;
    document.body.append(dialog);
    dialog.showModal();
    success.focus();
  };

  window.Razorpay = Razorpay;
})();
