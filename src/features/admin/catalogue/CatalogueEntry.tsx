import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { validate } from '../../../../contract/schemas/common';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { useDeskTask } from '../use-desk-task';
import { MoveButtons } from './catalogue-ui';
import { useNameField } from './use-name-field';

/** What an entry of the menu can be told: a new name, place or visibility. */
export interface EntryChange {
  name?: string;
  position?: number;
  hidden?: boolean;
}

/**
 * A category or subcategory in the list: its name, products and visibility, and (for roles that
 * may change the catalogue) Rename, Up/Down and Hide/Show, each sent at once.
 */
export function CatalogueEntry({
  what,
  item,
  index,
  count,
  readOnly,
  schema,
  onChange,
  children,
}: {
  what: 'Category' | 'Subcategory';
  item: { id: number; name: string; hidden: boolean; product_count: number };
  index: number;
  count: number;
  readOnly: boolean;
  schema: z.ZodType;
  onChange: (change: EntryChange) => Promise<unknown>;
  children?: ReactNode;
}) {
  const [renaming, setRenaming] = useState(false);
  const { name, setError, field } = useNameField(item.name);
  const { busy, notice, run } = useDeskTask();

  const change = (next: EntryChange, done: string) =>
    run(() => onChange(next), done, `The ${what.toLowerCase()} could not be changed.`);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(schema, { name });
    if (!checked.ok) return setError(checked.errors.name ?? '');
    if (await change({ name: name.trim() }, 'Renamed.')) setRenaming(false);
  };

  const label = `${what.toLowerCase()} ${item.name}`;
  return (
    <li aria-label={`${what} ${item.name}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words">
          <strong>{item.name}</strong>{' '}
          <span className="text-sm text-muted">
            · {item.product_count} product{item.product_count === 1 ? '' : 's'}
            {item.hidden ? ' · hidden' : ''}
          </span>
        </p>
        {!readOnly && (
          <div className="flex flex-wrap gap-1">
            <MoveButtons
              what={label}
              first={index === 0}
              last={index === count - 1}
              disabled={busy}
              onMove={(by) => void change({ position: index + 1 + by }, 'Moved.')}
            />
            <Button variant="secondary" size="xs" disabled={busy} onClick={() => setRenaming((r) => !r)}>
              Rename<span className="sr-only"> {label}</span>
            </Button>
            <Button
              variant="secondary"
              size="xs"
              disabled={busy}
              onClick={() => void change({ hidden: !item.hidden }, item.hidden ? 'Shown on the shop.' : 'Hidden.')}
            >
              {item.hidden ? 'Show' : 'Hide'}
              <span className="sr-only"> {label}</span>
            </Button>
          </div>
        )}
      </div>
      {renaming && (
        <form noValidate onSubmit={rename} className="flex flex-wrap items-end gap-2" aria-label={`Rename ${label}`}>
          {field('New name')}
          <Button type="submit" size="sm" disabled={busy}>
            Save name
          </Button>
        </form>
      )}
      <FormMessage message={notice.text} kind={notice.kind} />
      {children}
    </li>
  );
}
