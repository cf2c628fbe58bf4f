import { useState } from 'react';
import { Box, ButtonBase, Skeleton, Typography } from '@mui/material';
import type { ParcelPhoto } from '../../../../shared/api/order-detail';
import { DialogFrame } from '../../../components/dialog-frame';
import { useParcelPhoto } from './api/get-parcel-photo';

const THUMB = 96;
const altOf = (n: number, of: number) =>
  `Your parcel at our depot, photo ${n}${of > 1 ? ` of ${of}` : ''}`;

/** The depot's photos of the parcel as thumbnails; each opens larger in a dialog. */
export function ParcelPhotos({ photos }: { photos: ParcelPhoto[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? null : photos[open];
  return (
    <>
      <Box
        component="ul"
        aria-label="Photos of your parcel"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {photos.map((photo, i) => (
          <li key={photo.Id}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-label={`Open ${altOf(i + 1, photos.length).toLowerCase()}, larger`}
              sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
              data-testid="parcel-photo"
            >
              <PhotoImage photo={photo} alt="" size={THUMB} />
            </ButtonBase>
          </li>
        ))}
      </Box>
      <DialogFrame
        open={shown !== null && shown !== undefined}
        onClose={() => setOpen(null)}
        title="Photo of your parcel"
        width={900}
      >
        {shown && open !== null && (
          <PhotoImage photo={shown} alt={altOf(open + 1, photos.length)} />
        )}
      </DialogFrame>
    </>
  );
}

/** A photo, fetched with the session's token; a square `size` crops it to a thumbnail. */
function PhotoImage({ photo, alt, size }: { photo: ParcelPhoto; alt: string; size?: number }) {
  const image = useParcelPhoto(photo.Url);
  if (image.isError) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        The photo could not be loaded.
      </Typography>
    );
  }
  if (!image.data) {
    return size ? (
      <Skeleton variant="rectangular" width={size} height={size} />
    ) : (
      <Skeleton
        variant="rectangular"
        sx={{ width: '100%', aspectRatio: `${photo.Width} / ${photo.Height}` }}
      />
    );
  }
  return (
    <Box
      component="img"
      src={image.data}
      alt={alt}
      width={size ?? photo.Width}
      height={size ?? photo.Height}
      sx={
        size
          ? { display: 'block', objectFit: 'cover' }
          : { display: 'block', width: '100%', height: 'auto' }
      }
    />
  );
}
