import { pictureParts, type PictureProps } from './picture-parts';

/**
 * One catalogue picture or upload in an island, drawn as src/components/Picture.astro draws it:
 * a pipeline picture as `<picture>` (AVIF and WebP widths, the original's size, its colour until
 * it arrives); anything else as a plain `<img>`.
 */
export function Picture(props: PictureProps) {
  const { sources, img } = pictureParts(props);
  const attributes = {
    src: img.src,
    width: img.width,
    height: img.height,
    alt: img.alt,
    loading: img.loading,
    decoding: img.decoding,
    ...(img.fetchpriority ? { fetchPriority: img.fetchpriority } : {}),
    ...(img.class ? { className: img.class } : {}),
  };
  if (!sources) return <img {...attributes} />;
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={s.sizes} />
      ))}
      <img
        srcSet={img.srcset ?? ''}
        sizes={img.sizes ?? ''}
        {...attributes}
        style={img.colour ? { backgroundColor: img.colour } : {}}
      />
    </picture>
  );
}
