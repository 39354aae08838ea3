/**
 * The most common passwords, refused for new passwords: zxcvbn-ts's list of passwords seen most
 * often in breaches (about 49,000, most frequent first), compared without regard to case.
 *
 * The list is 200 KB compressed, too much for every page that shows a login form: the browser
 * loads it on first use (a chunk of its own), and until it has arrived only the server refuses a
 * common password, with the same message. The server registers it at start.
 */
let common: ReadonlySet<string> | null = null;
let loading: Promise<void> | null = null;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Choose another one.';

/** Uses `list` as the common passwords from now on. */
export function setCommonPasswords(list: readonly string[]): void {
  common = new Set(list.map((p) => p.toLowerCase()));
}

/** Loads the list (once); resolves when it is in use. */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => setCommonPasswords(dictionary['passwords-common']),
    () => {
      // Offline or blocked: try again on the next check; the server still decides.
      loading = null;
    },
  );
  return loading;
}

/** True when `password` is on the list, whatever its case. Before the list has loaded: false (loading starts). */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    void loadCommonPasswords();
    return false;
  }
  return common.has(password.toLowerCase());
}
