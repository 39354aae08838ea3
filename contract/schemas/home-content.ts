/**
 * The home page's words that staff write: a banner's headline, text, button and link, and the
 * offer pop-up. The back office checks its forms with these before sending, and the API parses
 * every body with the same schemas. A link is a path of the shop or an https:// address: a
 * `javascript:` or `data:` link in a banner would run in every shopper's page.
 */
import { z } from 'zod';
import { clearableText, requiredText } from './common';

export const BANNER_HEADLINE_MAX = 80;
export const BANNER_TEXT_MAX = 160;
export const BUTTON_LABEL_MAX = 30;
export const LINK_MAX = 500;
export const POPUP_TITLE_MAX = 60;
export const POPUP_TEXT_MAX = 160;
export const POPUP_CODE_MAX = 30;

export const BANNER_HEADLINE_REQUIRED = 'Banner headline is required.';
export const LINK_INVALID =
  'A link must be a path of this shop starting with / (such as /productslisting) or an https:// address; other kinds of link (javascript:, http:, mailto:…) are refused.';
export const LINK_FOR_BUTTON = 'A button needs a link: give the path or https:// address it opens.';
export const POPUP_TITLE_REQUIRED = 'The pop-up needs a headline.';
export const POPUP_TEXT_REQUIRED = 'Say what the offer is.';
export const POPUP_BUTTON_REQUIRED = 'The pop-up needs a button label (such as Shop Now).';
export const POPUP_LINK_REQUIRED = 'Give the link the pop-up’s button opens.';
export const ENABLED_INVALID = 'Shown must be true or false.';

/**
 * Whether `link` may be written into the shop's pages: a path of the shop ('/…', not the
 * protocol-relative '//host', no backslashes, which some browsers read as '/'), or an https://
 * address with a host and no credentials. Nothing with spaces or control characters.
 */
export function isSafeLink(link: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (link.length === 0 || link.length > LINK_MAX || /[\s\u0000-\u001f\u007f\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
}

/** Whether a link leaves the shop (an https:// address), for the pages to say so. */
export function isExternalLink(link: string): boolean {
  return !link.startsWith('/');
}

/** A link that may be left empty (null). */
export const clearableLink = z
  .union([z.string(), z.null()], { error: LINK_INVALID })
  .transform((v) => (v === null ? null : v.trim() || null))
  .pipe(z.string().refine(isSafeLink, LINK_INVALID).nullable())
  .meta({ description: 'A path of the shop starting with / or an https:// address; empty or null for none.' });

/** A link that must be given. */
export function requiredLink(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isSafeLink, LINK_INVALID)
    .meta({ description: 'A path of the shop starting with / or an https:// address.' });
}

/** A banner's words: the fields and their rules, shared by a new banner and a change. */
export const bannerFields = {
  title: requiredText(BANNER_HEADLINE_REQUIRED, BANNER_HEADLINE_MAX).meta({
    description: 'The headline, written over the picture.',
  }),
  subtitle: clearableText(BANNER_TEXT_MAX).meta({ description: 'A line of text under the headline (optional).' }),
  button_label: clearableText(BUTTON_LABEL_MAX).meta({
    description: 'The words of its button (optional; with a button, a link is required).',
  }),
  link: clearableLink,
};

/** True when a banner would have a button that leads nowhere (its words, no link). */
export function buttonNeedsLink(button: string | null | undefined, link: string | null | undefined): boolean {
  return !!button && !link;
}

/** The pop-up as staff save it: every field at once. */
export const homePopupSchema = z.object({
  enabled: z
    .boolean({ error: ENABLED_INVALID })
    .meta({ description: 'Shown on the home page (true) or switched off.' }),
  title: requiredText(POPUP_TITLE_REQUIRED, POPUP_TITLE_MAX),
  text: requiredText(POPUP_TEXT_REQUIRED, POPUP_TEXT_MAX),
  code: clearableText(POPUP_CODE_MAX)
    .optional()
    .default(null)
    .meta({ description: 'A code the offer names (such as BOGO50); empty or null for none.' }),
  button_label: requiredText(POPUP_BUTTON_REQUIRED, BUTTON_LABEL_MAX),
  link: requiredLink(POPUP_LINK_REQUIRED),
});
export type HomePopupInput = z.input<typeof homePopupSchema>;

/** The key under which a browser keeps the campaign of the pop-up it has shown. */
export const POPUP_SEEN_KEY = 'gharbazaar:offer-popup-seen';
