import { useEffect, useState } from 'react';
import { adminMessage } from '../admin-messages';
import { LoadFailed } from '../desk-ui';
import { AddPiece } from './AddPiece';
import { HomePieceCard } from './HomePieceCard';
import type { HomePiece, HomePiecesConfig } from './home-piece-fields';

/** The home page's banners or offers: in their order, each edited, moved, re-pictured or deleted; and a new one. */
export function HomePiecesSection<T extends HomePiece & { position: number }>({
  config,
  readOnly,
}: {
  config: HomePiecesConfig<T>;
  readOnly: boolean;
}) {
  const [pieces, setPieces] = useState<T[] | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    config
      .load(controller.signal)
      .then((list) => {
        setPieces(list);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          setError(adminMessage(e, `The ${config.heading.toLowerCase()} could not be loaded.`));
      });
    return () => controller.abort();
  }, [attempt, config]);
  const reload = () => setAttempt((n) => n + 1);
  const headingId = `${config.noun}s-heading`;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-bold">
        {config.heading}
      </h2>
      <p className="text-sm text-muted">{config.intro}</p>
      {error && <LoadFailed message={error} onRetry={reload} />}
      {!pieces && !error && <p role="status">Loading the {config.heading.toLowerCase()}…</p>}
      {pieces && (
        <ol className="space-y-3">
          {pieces.map((piece, i) => (
            <HomePieceCard
              key={`${piece.id}-${piece.position}-${piece.image}-${String(piece.hidden)}`}
              piece={piece}
              noun={config.noun}
              // Edited fields are the new piece's, without "(optional)" in their labels.
              fields={config.fields.map((f) => ({
                name: f.name,
                label: f.label.replace(/ \(optional\)$/, ''),
                hint: f.hint,
                value: config.valueOf(piece, f.name),
              }))}
              actions={config.actionsFor(piece)}
              index={i}
              count={pieces.length}
              readOnly={readOnly}
              deleteText={config.deleteText}
              onChanged={reload}
            />
          ))}
        </ol>
      )}
      {!readOnly && <AddPiece config={config} onAdded={reload} />}
    </section>
  );
}
