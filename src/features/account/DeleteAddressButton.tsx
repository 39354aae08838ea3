import { deleteAddress } from '../../lib/api/account';
import type { Address } from '../../../contract/types';
import { askConfirm, showDialog } from '../../lib/stores/ui';
import { DeleteButton } from '../../ui/line-items';

/**
 * Deleting a saved address, wherever the list is shown (Manage Addresses, the checkout's
 * picker): asked first, then told the outcome; the list reloads whether or not it went.
 */
export function DeleteAddressButton({ address, onDone }: { address: Address; onDone: () => void }) {
  const remove = async () => {
    if (!(await askConfirm('Delete address?', 'Are you sure you want to delete this address?', 'Delete'))) return;
    try {
      await deleteAddress(address.id);
      showDialog({ title: 'Deleted', text: 'Address deleted successfully.', icon: 'success' });
    } catch {
      showDialog({ title: 'Error', text: 'Failed to delete address.', icon: 'error' });
    }
    onDone();
  };
  return <DeleteButton what={`address of ${address.name}`} onClick={() => void remove()} />;
}
