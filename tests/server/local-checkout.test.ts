import crypto from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import { first } from '../lists';
import { localCheckoutSource } from '../../server/services/payments/local';

/**
 * The local test checkout script run against a minimal stand-in for the DOM: enough to open
 * its dialog, press its buttons and see what it reports, without a browser.
 */

type Listener = (event: FakeEvent) => void;
interface FakeEvent {
  type: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

class FakeElement {
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  attributes = new Map<string, string>();
  style = { cssText: '' };
  listeners = new Map<string, Listener[]>();
  id = '';
  type = '';
  disabled = false;
  open = false;
  private text = '';

  constructor(
    readonly doc: FakeDocument,
    readonly tagName: string,
  ) {}

  get textContent(): string {
    return this.text + this.children.map((c) => c.textContent).join(' ');
  }
  set textContent(value: string) {
    this.text = value;
  }
  set innerHTML(_value: string) {
    throw new Error('innerHTML must not be used');
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  append(...nodes: FakeElement[]) {
    for (const node of nodes) {
      node.parent = this;
      this.children.push(node);
    }
  }
  remove() {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  dispatch(type: string): FakeEvent {
    const event: FakeEvent = {
      type,
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    for (const listener of this.listeners.get(type) ?? []) listener(event);
    return event;
  }
  click() {
    if (!this.disabled) this.dispatch('click');
  }
  focus() {
    this.doc.activeElement = this;
  }
  showModal() {
    this.open = true;
  }
  close() {
    this.open = false;
    this.dispatch('close');
  }
  /** Every element below this one. */
  all(): FakeElement[] {
    return this.children.flatMap((c) => [c, ...c.all()]);
  }
  /** A button's accessible name: its aria-label, else its text. */
  get accessibleName(): string {
    return this.getAttribute('aria-label') ?? this.textContent;
  }
}

class FakeDocument {
  activeElement: FakeElement | null = null;
  body = new FakeElement(this, 'body');
  head = new FakeElement(this, 'head');
  currentScript = { src: 'https://shop.example.in/api/payments/local/checkout.js' };
  createElement(tag: string) {
    return new FakeElement(this, tag);
  }
}

interface Checkout {
  on(event: string, callback: (payload: unknown) => void): Checkout;
  open(): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => Checkout;

/** Loads the script into a fresh fake page whose fetch answers with `reply`. */
function loadCheckout(
  reply: { status: number; body: unknown } = { status: 200, body: {} },
  storage: Record<string, string> = {},
) {
  const document = new FakeDocument();
  const requests: { url: string; init: { method: string; headers: Record<string, string>; body: string } }[] = [];
  const context: Record<string, unknown> = {
    document,
    Intl,
    URL,
    Uint8Array,
    JSON,
    Promise,
    Error,
    String,
    Number,
    crypto: { getRandomValues: (a: Uint8Array) => crypto.getRandomValues(a) },
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    fetch: async (url: string, init: (typeof requests)[number]['init']) => {
      requests.push({ url, init });
      return { ok: reply.status < 400, status: reply.status, json: async () => reply.body };
    },
  };
  context.window = context;
  vm.createContext(context);
  vm.runInContext(localCheckoutSource(), context);
  const Razorpay = context.Razorpay as RazorpayConstructor;
  return { Razorpay, document, requests };
}

function dialogOf(document: FakeDocument): FakeElement | undefined {
  return document.body.children.find((c) => c.tagName === 'dialog');
}

function buttons(dialog: FakeElement): FakeElement[] {
  return dialog.all().filter((e) => e.tagName === 'button');
}

function buttonNamed(dialog: FakeElement, name: string): FakeElement {
  const found = buttons(dialog).find((b) => b.accessibleName === name);
  if (!found) throw new Error(`No button named ${name}`);
  return found;
}

/** One turn of the event loop (not a length of time): what the dialog queued has run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

function baseOptions(extra: Record<string, unknown> = {}) {
  const calls = { handler: [] as unknown[], dismissed: 0 };
  const options = {
    key: 'rzp_test_local',
    order_id: 'order_AbCdEfGhIjKlMn',
    amount: 123400,
    currency: 'INR',
    name: 'GharBazaar',
    description: 'Order of 2 items',
    prefill: { name: 'Asha Verma' },
    theme: { color: '#17704a' },
    handler: (response: unknown) => calls.handler.push(response),
    modal: { ondismiss: () => (calls.dismissed += 1) },
    ...extra,
  };
  return { options, calls };
}

describe('local checkout.js', () => {
  test('open() shows a titled modal with the amount in rupees, the order, and exactly Success, Failure and Close', () => {
    const { Razorpay, document } = loadCheckout();
    const opener = document.createElement('button');
    opener.focus();
    const { options } = baseOptions();
    new Razorpay(options).open();
    const dialog = dialogOf(document)!;
    expect(dialog).toBeDefined();
    expect(dialog.open).toBe(true);
    const titleId = dialog.getAttribute('aria-labelledby')!;
    const title = dialog.all().find((e) => e.id === titleId)!;
    expect(title.textContent).toBe('GharBazaar');
    expect(dialog.textContent).toContain('₹1,234.00');
    expect(dialog.textContent).toContain('order_AbCdEfGhIjKlMn');
    expect(
      buttons(dialog)
        .map((b) => b.accessibleName)
        .sort(),
    ).toEqual(['Close checkout', 'Failure', 'Success']);
    // Focus moved into the dialog.
    expect(document.activeElement).toBe(buttonNamed(dialog, 'Success'));
  });

  test('options are shown as text, never as markup', () => {
    const { Razorpay, document } = loadCheckout();
    const { options } = baseOptions({ name: '<img src=x onerror=alert(1)>', description: '<b>bold</b>' });
    new Razorpay(options).open();
    const dialog = dialogOf(document)!;
    expect(dialog.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(dialog.all().some((e) => e.tagName === 'img' || e.tagName === 'b')).toBe(false);
  });

  test('Success asks the shop to sign the payment and hands the result to the handler; focus returns', async () => {
    const signed = {
      razorpay_payment_id: 'pay_AbCdEfGhIjKlMn',
      razorpay_order_id: 'order_AbCdEfGhIjKlMn',
      razorpay_signature: 'a'.repeat(64),
    };
    const { Razorpay, document, requests } = loadCheckout({ status: 200, body: signed });
    const opener = document.createElement('button');
    opener.focus();
    const { options, calls } = baseOptions();
    const failures: unknown[] = [];
    const checkout = new Razorpay(options);
    checkout.on('payment.failed', (f) => failures.push(f));
    checkout.open();
    buttonNamed(dialogOf(document)!, 'Success').click();
    await flush();
    expect(requests).toHaveLength(1);
    const request = first(requests, 'the requests sent');
    expect(request.url).toBe('https://shop.example.in/api/payments/local/authorize');
    expect(request.init.method).toBe('POST');
    expect(JSON.parse(request.init.body)).toEqual({ order_id: 'order_AbCdEfGhIjKlMn' });
    // Logged out: no token to send, and the shop answers 401.
    expect(request.init.headers.authorization).toBeUndefined();
    expect(calls.handler).toEqual([signed]);
    expect(failures).toEqual([]);
    expect(calls.dismissed).toBe(0);
    expect(dialogOf(document)).toBeUndefined();
    expect(document.activeElement).toBe(opener);
  });

  test('Failure tells the shop (as the payment.failed webhook would), then reports payment.failed in Razorpay’s shape and closes', async () => {
    const { Razorpay, document, requests } = loadCheckout();
    const { options, calls } = baseOptions();
    const failures: { error: Record<string, unknown> }[] = [];
    const checkout = new Razorpay(options);
    expect(checkout.on('payment.failed', (f) => failures.push(f as { error: Record<string, unknown> }))).toBe(checkout);
    checkout.open();
    buttonNamed(dialogOf(document)!, 'Failure').click();
    await flush();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toMatch(/\/api\/payments\/local\/fail$/);
    expect(requests[0]?.init.method).toBe('POST');
    expect(JSON.parse(requests[0]?.init.body ?? '{}')).toEqual({ order_id: 'order_AbCdEfGhIjKlMn' });
    expect(failures).toEqual([
      {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: 'order_AbCdEfGhIjKlMn', payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/) },
        },
      },
    ]);
    expect(calls.handler).toEqual([]);
    expect(calls.dismissed).toBe(0);
    expect(dialogOf(document)).toBeUndefined();
  });

  test('a refused authorisation is reported as a failed payment with the shop’s message', async () => {
    const { Razorpay, document } = loadCheckout({ status: 400, body: { message: 'This order cannot be paid.' } });
    const { options, calls } = baseOptions();
    const failures: { error: { description: string } }[] = [];
    const checkout = new Razorpay(options);
    checkout.on('payment.failed', (f) => failures.push(f as { error: { description: string } }));
    checkout.open();
    buttonNamed(dialogOf(document)!, 'Success').click();
    await flush();
    expect(failures.map((f) => f.error.description)).toEqual(['This order cannot be paid.']);
    expect(calls.handler).toEqual([]);
    expect(dialogOf(document)).toBeUndefined();
  });

  test.each(['the close button', 'Escape'])('%s dismisses: ondismiss, dialog gone, focus back', (how) => {
    const { Razorpay, document } = loadCheckout();
    const opener = document.createElement('button');
    opener.focus();
    const { options, calls } = baseOptions();
    new Razorpay(options).open();
    const dialog = dialogOf(document)!;
    if (how === 'Escape') {
      expect(dialog.dispatch('cancel').defaultPrevented).toBe(true);
    } else {
      buttonNamed(dialog, 'Close checkout').click();
    }
    expect(calls.dismissed).toBe(1);
    expect(calls.handler).toEqual([]);
    expect(dialogOf(document)).toBeUndefined();
    expect(document.activeElement).toBe(opener);
  });

  test('a checkout without a key is refused like Razorpay’s', () => {
    const { Razorpay } = loadCheckout();
    expect(() => new Razorpay({ order_id: 'order_x' })).toThrow(/key/);
  });

  test('Success sends the logged-in shopper’s token: the shop signs only their own orders', async () => {
    const { Razorpay, document, requests } = loadCheckout({ status: 200, body: {} }, { authToken: 'header.body.sig' });
    new Razorpay(baseOptions().options).open();
    buttonNamed(dialogOf(document)!, 'Success').click();
    await flush();
    expect(first(requests, 'the requests sent').init.headers.authorization).toBe('Bearer header.body.sig');
  });

  test('the dialog says it is a test: no money is taken', () => {
    const { Razorpay, document } = loadCheckout();
    new Razorpay(baseOptions().options).open();
    const notice = dialogOf(document)!
      .all()
      .find((e) => e.getAttribute('data-test-mode-notice') !== null);
    expect(notice?.textContent).toBe('Test mode — no money is taken');
  });
});
