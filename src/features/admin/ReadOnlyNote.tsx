import type { Permission } from '../../../contract/staff';
import { readOnlyText } from './read-only';

/** The note above a page a role may read but not change; its fields are grey and it has no save buttons. */
export function ReadOnlyNote({ permission }: { permission: Permission }) {
  return (
    <p data-testid="read-only-note" className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sky-900">
      {readOnlyText(permission)}
    </p>
  );
}
