import { type ChangeEvent, type RefObject } from 'react';
import { Alert, Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { DEPOT_LIMITS } from '../../../shared/api/depot';
import { CloseIcon } from '../kit/mui-icons';

// The photos a clerk adds to a parcel (receive-page.tsx, and the office's re-measure in
// cases/dispute-panel.tsx): the camera or files, each shown as a thumbnail to remove.

export interface Photo {
  name: string;
  data: string;
}

/** The server's word on a photo it was sent (`Photos.2.Data`: not one it can read), if any. */
export const photoMessage = (messages: Record<string, string>) =>
  Object.entries(messages).find(([field]) => field.startsWith('Photos'))?.[1];

/** The camera (on a tablet) or files: each resized in the browser, shown as a thumbnail. */
export function PhotoPicker({
  photos,
  preparing,
  problem,
  fileRef,
  onAdd,
  onRemove,
}: {
  photos: Photo[];
  preparing: number;
  problem: string | null;
  fileRef: RefObject<HTMLInputElement | null>;
  onAdd: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          aria-label="Photos"
          onChange={onAdd}
        />
        <Button
          variant="outlined"
          onClick={() => fileRef.current?.click()}
          disabled={photos.length + preparing >= DEPOT_LIMITS.photos}
        >
          Add photos
        </Button>
        <Typography variant="body2" color="text.secondary" role="status">
          {preparing > 0
            ? `Preparing ${preparing} photo${preparing > 1 ? 's' : ''}…`
            : `${photos.length} of at most ${DEPOT_LIMITS.photos} photos`}
        </Typography>
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      {photos.length > 0 && (
        <Box
          component="ul"
          aria-label="Photos to send"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {photos.map((photo, i) => (
            <Box component="li" key={`${photo.name}-${i}`} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo.data}
                alt={`Photo ${i + 1}`}
                sx={{
                  width: 96,
                  height: 96,
                  objectFit: 'cover',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                  display: 'block',
                }}
              />
              <IconButton
                size="small"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => onRemove(i)}
                sx={{
                  position: 'absolute',
                  top: 2,
                  right: 2,
                  bgcolor: 'background.paper',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
