import { Box, Skeleton, Typography } from '@mui/material';
import type { Product } from '../../../shared/api/catalogue';
import { boxImagesFor } from '../../../shared/box-images';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatPounds } from '../../../shared/money';

interface Props {
  bands: readonly Product[];
  loading: boolean;
  value: number | null;
  onChange: (id: number) => void;
  /**
   * Whether the customer's parcel fits a band (all fit while no size is entered); only those
   * are offered.
   */
  fits: (band: Product) => boolean;
  labelledBy: string;
  error?: string;
}

// The cards are plain elements under one style rule (not a dozen MUI components each): the size
// step is the first screen of a booking, and thirteen cards of MUI components cost phones time.
const cardStyles = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
  '& .band': {
    display: 'flex',
    alignItems: 'center',
    gap: 1.5,
    height: '100%',
    p: 1.5,
    border: 2,
    borderColor: 'divider',
    borderRadius: 2,
    bgcolor: 'background.paper',
    cursor: 'pointer',
    transition: 'border-color 0.15s, background-color 0.15s',
  },
  '& .band:hover': { borderColor: 'primary.light' },
  '& .band:has(input:checked)': { borderColor: 'primary.main', bgcolor: 'rgba(0, 121, 107, 0.06)' },
  '& .band:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'text.primary' },
  '& .band input': { width: 20, height: 20, m: 0, flexShrink: 0, accentColor: '#00796b' },
  '& .band img': { flexShrink: 0 },
  '& .band__text': { flex: 1, minWidth: 0, typography: 'body2' },
  '& .band__code': { typography: 'body1', fontWeight: 700, display: 'block' },
  '& .band__name': { color: 'text.secondary', display: 'block' },
  '& .band__price': { fontWeight: 700, color: 'primary.dark', whiteSpace: 'nowrap' },
} as const;

/** The price bands as radio cards: box image, size in cm, weight limit and price. */
export function BandChoice({ bands, loading, value, onChange, fits, labelledBy, error }: Props) {
  if (loading) {
    return (
      <Box sx={cardStyles} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </Box>
    );
  }
  const shown = bands.filter(fits);
  const tooSmall = bands.filter((band) => !fits(band));
  return (
    <>
      {tooSmall.length > 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 1.5 }}
          data-testid="bands-too-small"
        >
          Too small for your parcel: Price Band{tooSmall.length > 1 ? 's' : ''}{' '}
          {tooSmall.map((band) => band.Code).join(', ')}.
        </Typography>
      )}
      <Box
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={error ? 'band-error' : undefined}
        sx={cardStyles}
      >
        {shown.map((band) => (
          <div key={band.Id}>
            <label className="band" data-testid="band-option">
              <input
                type="radio"
                name="ProductId"
                value={band.Id}
                checked={band.Id === value}
                onChange={() => onChange(band.Id)}
              />
              <img src={boxImagesFor(band.TTLMDProductCode)[0]} alt="" width={48} height={48} />
              <span className="band__text">
                <span className="band__code">Price Band {band.Code}</span>
                <span className="band__name">{band.Name}</span>
                <span className="band__size">{formatDimensionsCm(band)}</span>
                <br />
                <span>up to {band.MaxWeight / 1000} kg</span>
              </span>
              <span className="band__price">{formatPounds(band.Price)}</span>
            </label>
          </div>
        ))}
      </Box>
    </>
  );
}
