import { Suspense, useState } from 'react';
import { Await } from 'react-router';
import type { ParcelPhoto } from '../../shared/api/order-detail';
import { Skeleton } from './plain-controls';
import { PlainDialog } from './plain-dialog';
import '../styles/account-screens.css';
import './parcel-photos.css';

/** The photos as data: URLs by their address (null: not fetched), from the route's loader. */
export type PhotoData = Record<string, Promise<string | null>>;

const THUMB = 96;
const altOf = (n: number, of: number) =>
  `Your parcel at our depot, photo ${n}${of > 1 ? ` of ${of}` : ''}`;

/** The depot's photos of the parcel as thumbnails; each opens larger in a dialog. */
export function ParcelPhotos({ photos, images }: { photos: ParcelPhoto[]; images: PhotoData }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : photos[open];
  return (
    <>
      <ul aria-label="Photos of your parcel" className="parcel-photos">
        {photos.map((photo, i) => (
          <li key={photo.Id}>
            <button
              type="button"
              className="parcel-photos__thumb"
              onClick={() => setOpen(i)}
              aria-label={`Open ${altOf(i + 1, photos.length).toLowerCase()}, larger`}
              data-testid="parcel-photo"
            >
              <PhotoImage photo={photo} image={images[photo.Url]} alt="" size={THUMB} />
            </button>
          </li>
        ))}
      </ul>
      <PlainDialog
        open={shown !== undefined}
        onClose={() => setOpen(null)}
        title="Photo of your parcel"
        width={900}
      >
        {shown && open !== null && (
          <PhotoImage
            photo={shown}
            image={images[shown.Url]}
            alt={altOf(open + 1, photos.length)}
          />
        )}
      </PlainDialog>
    </>
  );
}

/** A photo once fetched; a square `size` crops it to a thumbnail. */
function PhotoImage({
  photo,
  image,
  alt,
  size,
}: {
  photo: ParcelPhoto;
  image: Promise<string | null>;
  alt: string;
  size?: number;
}) {
  const placeholder = size ? (
    <Skeleton width={size} height={size} />
  ) : (
    <span
      className="skeleton"
      style={{ aspectRatio: `${photo.Width} / ${photo.Height}` }}
      aria-hidden="true"
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <Await resolve={image}>
        {(src) =>
          src ? (
            <img
              src={src}
              alt={alt}
              width={size ?? photo.Width}
              height={size ?? photo.Height}
              className={size ? 'parcel-photos__image--thumb' : 'parcel-photos__image'}
            />
          ) : (
            <span className="screen__muted screen__small parcel-photos__failed">
              The photo could not be loaded.
            </span>
          )
        }
      </Await>
    </Suspense>
  );
}
