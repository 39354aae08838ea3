/**
 * What the shop's rules refuse, as facts of the shop: something is not there, is taken, may not be
 * done by this person, was given wrong. Services throw these and know nothing of HTTP;
 * `server/http/errors.ts` gives each kind its status and the one JSON error shape.
 */

/** A second key some callers read the text under: the review dialog `detail`, checkout `error`. */
export type EchoKey = 'detail' | 'error';

export interface DomainErrorDetails {
  /** Each field's messages, for a form to show beside the field (`{ on_hand: ['…'] }`). */
  errors?: Record<string, string[]>;
  /** The message said again under this key, for the callers that read it there. */
  echo?: EchoKey;
  /** Other text under such a key, where a caller reads something else there than the message. */
  also?: Partial<Record<EchoKey, string>>;
}

/** The kinds of refusal; each has one status in `server/http/errors.ts`. */
export type DomainErrorKind =
  | 'invalid'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-format'
  | 'provider-failed'
  | 'unavailable';

/** A refusal whose `message` is the sentence the shopper or staff member reads. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly errors?: Record<string, string[]>;
  /** Text repeated under other keys of the answer (`echo` and `also` together). */
  readonly echoed?: Partial<Record<EchoKey, string>>;

  constructor(message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    if (details.errors) this.errors = details.errors;
    const echoed = { ...(details.echo ? { [details.echo]: message } : {}), ...details.also };
    if (Object.keys(echoed).length) this.echoed = echoed;
  }
}

/** What was given breaks a rule (a field, a limit, a state that needs something first). */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
}

/** The person asking may not do this. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
}

/** The thing asked for is not there (or not theirs to see). */
export class NotFound extends DomainError {
  readonly kind = 'not-found';
}

/** The shop's state says no: taken, already done, changed meanwhile, sold out. */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

/** A file (or its pixels, or a spreadsheet's rows) is larger than the shop takes. */
export class TooLarge extends DomainError {
  readonly kind = 'too-large';
}

/** A file is of a kind the shop does not take (a picture that is not JPEG, PNG or WebP). */
export class UnsupportedFormat extends DomainError {
  readonly kind = 'unsupported-format';
}

/** The payment provider failed to do what it was asked (create an order, start a refund). */
export class PaymentProviderFailed extends DomainError {
  readonly kind = 'provider-failed';
}

/** Something the shop needs is away for a moment: try again after `retryAfterSeconds`. */
export class TemporarilyUnavailable extends DomainError {
  readonly kind = 'unavailable';

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    details?: DomainErrorDetails,
  ) {
    super(message, details);
  }
}
