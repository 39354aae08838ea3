import { useState, type CSSProperties, type MouseEvent } from 'react';
import type { VariantImage } from '../../../contract/types';
import { Picture } from '../../ui/Picture';
import { largestImage } from '../../ui/picture-parts';
import { PICTURE_SIZES } from '../../ui/picture-sizes';
import { PRODUCT_PLACEHOLDER as PLACEHOLDER } from './card-picture';
import { mainPictureSizes } from './gallery-picture';

const ZOOM = 2.2;

/** Main picture (400 px high) with a hover magnifier, and 60 px thumbnails to switch pictures. */
const NO_PICTURE: VariantImage = { id: 0, image: PLACEHOLDER };

export function ProductGallery({ images, name }: { images: VariantImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const list = images.length ? images : [NO_PICTURE];
  const current = list[Math.min(index, list.length - 1)] ?? NO_PICTURE;

  const move = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setLens({ x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 });
  };
  const zoomStyle: CSSProperties | undefined = lens
    ? {
        // The magnifier shows the picture 2.2× larger: the largest width written.
        backgroundImage: `url("${largestImage(current.image)}")`,
        backgroundSize: `${ZOOM * 100}%`,
        backgroundPosition: `${lens.x}% ${lens.y}%`,
      }
    : undefined;

  return (
    <div className="flex flex-col gap-3">
      <div
        className="relative flex h-[400px] items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
        onMouseMove={move}
        onMouseLeave={() => setLens(null)}
        data-testid="product-main-image"
      >
        <Picture
          url={current.image}
          alt={images.length ? `${name}, picture ${index + 1} of ${list.length}` : `${name} (no picture yet)`}
          sizes={mainPictureSizes(current.image)}
          width={600}
          height={600}
          loading="eager"
          fetchpriority="high"
          class="h-full w-auto max-w-full object-contain"
        />
        {zoomStyle && (
          <div
            className="pointer-events-none absolute inset-0 hidden bg-white bg-no-repeat md:block"
            style={zoomStyle}
            aria-hidden="true"
          />
        )}
      </div>
      {list.length > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label="Pictures">
          {list.map((img, i) => (
            <li key={img.id}>
              <button
                type="button"
                className={`block w-[60px] overflow-hidden rounded-md border-2 ${i === index ? 'border-brand-700' : 'border-transparent hover:border-slate-300'}`}
                aria-label={`Show picture ${i + 1}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <Picture
                  url={img.image}
                  alt=""
                  sizes={PICTURE_SIZES.galleryThumb}
                  width={60}
                  height={60}
                  // Under the main picture, on the first screen of phones and laptops alike.
                  loading="eager"
                  class="h-[60px] w-[60px] object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
