import { useState } from 'react';
import type { StaffAccount } from '../../../../contract/api/staff';
import { formatDate } from '../../../../contract/format';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../contract/staff';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/form';
import { changeStaffAccount } from '../admin-api';
import { adminMessage } from '../admin-messages';

/** One staff account as owners see it, with its role to change and the switch to disable or enable it. */
export function StaffRowCard({
  account,
  isSelf,
  onChanged,
}: {
  account: StaffAccount;
  isSelf: boolean;
  onChanged: (account: StaffAccount) => void;
}) {
  const [role, setRole] = useState<StaffRole>(account.role);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');
  const disabled = account.disabled_at !== null;

  const change = async (changes: { role?: StaffRole; disabled?: boolean }) => {
    setPending(true);
    setMessage('');
    try {
      onChanged(await changeStaffAccount(account.id, changes));
    } catch (error) {
      setMessage(adminMessage(error, 'The change could not be saved. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <li className="space-y-3 rounded-lg border border-slate-300 bg-white p-4" aria-label={account.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold break-words">
          {account.name}
          {isSelf && <span className="font-normal text-muted"> (you)</span>}
        </p>
        <p className="text-sm">
          {ROLE_LABELS[account.role]} · {disabled ? 'Disabled' : 'Active'}
        </p>
      </div>
      <p className="text-sm break-all text-muted">{account.email}</p>
      <p className="text-sm text-muted">
        Authenticator {account.second_factor === 'confirmed' ? 'set up' : 'not yet used'} ·{' '}
        {account.recovery_codes_left} recovery codes left · since {formatDate(account.created_at)}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label={`Role of ${account.name}`}
          options={STAFF_ROLES.map((r) => [r, ROLE_LABELS[r]] as const)}
          value={role}
          onValue={(value) => setRole(value as StaffRole)}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={pending || role === account.role}
          onClick={() => void change({ role })}
        >
          Change role<span className="sr-only"> of {account.name}</span>
        </Button>
        <Button
          variant={disabled ? 'secondary' : 'danger'}
          size="sm"
          disabled={pending}
          onClick={() => void change({ disabled: !disabled })}
        >
          {disabled ? 'Enable' : 'Disable'}
          <span className="sr-only"> {account.name}</span>
        </Button>
      </div>
      {message && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
      )}
    </li>
  );
}
