import { MessageDialog } from './MessageDialog';
import { Toasts } from './Toasts';

/** What the page says to the shopper: its one message dialog and its toasts, one island for both. */
export function PageNotices() {
  return (
    <>
      <MessageDialog />
      <Toasts />
    </>
  );
}
