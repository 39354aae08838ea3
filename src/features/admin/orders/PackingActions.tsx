import { useState } from 'react';
import type { PackResults } from '../../../../contract/api/admin-orders';
import { MAX_PACKING_BATCH } from '../../../../contract/schemas/admin-orders';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { saveFile } from '../../../ui/save-file';
import { adminMessage } from '../admin-messages';
import { DeskNotice } from '../DeskNotice';
import { getPackingDocuments, packOrders } from './packing-api';

/** What a batch's packing did: how many were packed, and each refusal with its reason. */
function PackedReport({ report }: { report: PackResults }) {
  const packed = report.results.filter((r) => r.packed).length;
  const refused = report.results.filter((r) => !r.packed);
  return (
    <div className="space-y-2">
      <DeskNotice message={`${packed} ${packed === 1 ? 'order' : 'orders'} packed.`} kind="success" />
      {refused.length > 0 && (
        <ul role="alert" className="list-disc space-y-1 rounded-lg bg-red-50 py-2 pr-3 pl-8 text-red-800">
          {refused.map((r) => (
            <li key={r.id}>{r.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Select all, print the chosen orders' papers, mark them packed; and what that did. */
export function PackingActions({
  ids,
  chosen,
  canPack,
  today,
  onSelectAll,
  onPacked,
}: {
  ids: readonly number[];
  chosen: readonly number[];
  canPack: boolean;
  today: string;
  onSelectAll: (all: boolean) => void;
  onPacked: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<PackResults | null>(null);
  const [failure, setFailure] = useState('');
  const tooMany = chosen.length > MAX_PACKING_BATCH;
  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setFailure('');
    setReport(null);
    try {
      await work();
    } catch (e) {
      setFailure(adminMessage(e, fallback));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 font-semibold">
          <input
            type="checkbox"
            checked={ids.length > 0 && chosen.length === ids.length}
            onChange={(e) => onSelectAll(e.target.checked)}
            className="h-5 w-5"
          />
          Select all
        </label>
        <Button
          variant="secondary"
          disabled={busy || chosen.length === 0 || tooMany}
          onClick={() =>
            void run(
              async () => saveFile(await getPackingDocuments(chosen, today)),
              'The slips and invoices could not be downloaded.',
            )
          }
        >
          Print slips and invoices ({chosen.length})
        </Button>
        {canPack && (
          <Button
            disabled={busy || chosen.length === 0 || tooMany}
            onClick={() =>
              void run(async () => {
                setReport(await packOrders(chosen));
                onPacked();
              }, 'The orders could not be marked packed. Please try again.')
            }
          >
            Mark packed ({chosen.length})
          </Button>
        )}
      </div>
      {tooMany && <FormMessage message={`Choose at most ${MAX_PACKING_BATCH} orders at a time.`} kind="error" />}
      {report && <PackedReport report={report} />}
      <FormMessage message={failure} kind="error" />
    </div>
  );
}
