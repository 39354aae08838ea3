/**
 * The invitation's token from the page's address. The e-mailed link carries it after `#`
 * (server/services/staff/invites.ts: browsers never send the fragment, so no log or proxy sees
 * it); `#token=…` and `?token=…` are read too, for links passed on by hand.
 */
export function inviteTokenFrom(hash: string, search: string): string {
  const fragment = decodeURIComponent(hash.replace(/^#/, '')).trim();
  if (fragment) return fragment.replace(/^token=/, '');
  return (new URLSearchParams(search).get('token') ?? '').trim();
}

/** The authenticator key in groups of four, as apps show it and people type it. */
export function groupedKey(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
