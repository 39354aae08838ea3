import { beforeEach, describe, expect, test, vi } from 'vitest';
import { $dialog, closeDialog, showDialog } from './ui';

/** One dialog at a time: the session ending is not replaced by what the page says after it. */
describe('showDialog', () => {
  beforeEach(() => $dialog.set(null));

  test('a new message replaces an ordinary one', () => {
    showDialog({ title: 'Added', text: 'a', icon: 'success' });
    showDialog({ title: 'Already in Cart', text: 'b', icon: 'info' });
    expect($dialog.get()?.title).toBe('Already in Cart');
  });

  test('a priority message stays; a confirmation it hides is answered no', () => {
    showDialog({ title: 'Session Expired', text: 'a', icon: 'warning', priority: true });
    const answer = vi.fn();
    showDialog({ title: 'Please Login', text: 'b', icon: 'info' });
    showDialog({ title: 'Remove item?', text: 'c', icon: 'warning', confirm: answer });
    expect($dialog.get()?.title).toBe('Session Expired');
    expect(answer).toHaveBeenCalledWith(false);
    closeDialog();
    showDialog({ title: 'Please Login', text: 'b', icon: 'info' });
    expect($dialog.get()?.title).toBe('Please Login');
  });
});
