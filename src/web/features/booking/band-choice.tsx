import type { Product } from '../../../shared/api/catalogue';
import { boxImagesFor } from '../../../shared/box-images';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatPounds } from '../../../shared/money';
import '../../styles/booking.css';

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

/**
 * The price bands as radio cards: box image, size in cm, weight limit and price. Plain elements
 * under one style rule (booking.css), not a dozen components each: the size step is the first
 * screen of a booking, and thirteen cards cost phones time.
 */
export function BandChoice({ bands, loading, value, onChange, fits, labelledBy, error }: Props) {
  if (loading) {
    return (
      <div className="band-choice" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="band--loading" />
        ))}
      </div>
    );
  }
  const shown = bands.filter(fits);
  const tooSmall = bands.filter((band) => !fits(band));
  return (
    <>
      {tooSmall.length > 0 && (
        <p className="band-choice__note" data-testid="bands-too-small">
          Too small for your parcel: Price Band{tooSmall.length > 1 ? 's' : ''}{' '}
          {tooSmall.map((band) => band.Code).join(', ')}.
        </p>
      )}
      <div
        className="band-choice"
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={error ? 'band-error' : undefined}
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
      </div>
    </>
  );
}
