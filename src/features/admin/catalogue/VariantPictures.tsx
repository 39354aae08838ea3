import { useRef, useState, type FormEvent } from 'react';
import type { AdminProduct, AdminVariant } from '../../../../contract/api/admin-catalogue';
import { Button } from '../../../ui/Button';
import { DeleteButton } from '../../../ui/line-items';
import { FormMessage } from '../../../ui/form-message';
import { useDeskTask } from '../use-desk-task';
import { addVariantPicture, deletePicture, movePicture } from './catalogue-api';
import { mediaUrl } from './catalogue-format';
import { chosenPicture, MoveButtons, PictureInput } from './catalogue-ui';
import { Picture } from '../../../ui/Picture';

/** A variant's pictures: in order (the first is the one cards show), moved up or down, deleted, and a new one uploaded. */
export function VariantPictures({
  variant,
  readOnly,
  onProduct,
}: {
  variant: AdminVariant;
  readOnly: boolean;
  onProduct: (product: AdminProduct) => void;
}) {
  const task = useDeskTask();
  const { busy, notice: message } = task;
  const [fileError, setFileError] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const run = (work: () => Promise<AdminProduct>, done: string, failed: string) =>
    task.run(async () => onProduct(await work()), done, failed);

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = chosenPicture(input.current);
    if ('problem' in chosen) return setFileError(chosen.problem);
    setFileError('');
    await run(() => addVariantPicture(variant.id, chosen.file), 'Picture added.', 'The picture could not be uploaded.');
    if (input.current) input.current.value = '';
  };

  const count = variant.images.length;
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Pictures</h4>
      {count === 0 ? (
        <p className="text-sm text-muted">No pictures yet: the shop shows a placeholder.</p>
      ) : (
        <ol aria-label={`Pictures of ${variant.name}`} className="flex flex-wrap gap-3">
          {variant.images.map((image, i) => (
            <li key={image.id} className="space-y-1 rounded-lg border border-slate-200 p-2">
              <Picture
                url={mediaUrl(image.image) ?? ''}
                alt={`Picture ${i + 1} of ${variant.name}`}
                sizes="96px"
                width={96}
                height={96}
                class="h-24 w-24 rounded bg-slate-50 object-contain"
              />
              {!readOnly && (
                <div className="flex flex-wrap gap-1">
                  <MoveButtons
                    what={`picture ${i + 1}`}
                    first={i === 0}
                    last={i === count - 1}
                    disabled={busy}
                    onMove={(by) =>
                      void run(
                        () => movePicture(image.id, i + 1 + by),
                        `Picture moved to place ${i + 1 + by}.`,
                        'The picture could not be moved.',
                      )
                    }
                  />
                  <DeleteButton
                    what={`picture ${i + 1}`}
                    onClick={() =>
                      void run(() => deletePicture(image.id), 'Picture deleted.', 'The picture could not be deleted.')
                    }
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {!readOnly && (
        <form noValidate onSubmit={upload} className="flex flex-wrap items-end gap-2">
          <PictureInput
            label="Add a picture (JPEG, PNG or WebP)"
            error={fileError}
            inputRef={input}
            onPick={() => setFileError('')}
          />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            {busy ? 'Working…' : 'Upload picture'}
          </Button>
        </form>
      )}
      <FormMessage message={message.text} kind={message.kind} />
    </div>
  );
}
