import { boxImagesFor } from '../../../shared/box-images';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatMoney, toPence } from '../../../shared/money';
import { useResource } from '../../lib/remote-resource';
import { productsResource } from './api/products';

/** What a page says when the price bands could not be fetched. */
export const PRICES_UNAVAILABLE = 'Prices could not be loaded just now. Please refresh the page.';

/** That message as an alert (home, content pages, the size step). */
export function PricesUnavailable() {
  return (
    <p className="alert alert--warning" role="alert">
      {PRICES_UNAVAILABLE}
    </p>
  );
}

/** The price bands from the catalogue with their box image, size in cm, weight and price. */
export function PriceBands() {
  const { data, status } = useResource(productsResource);
  if (status === 'error') return <PricesUnavailable />;
  const bands = data?.items ?? null;
  return (
    <ul className="price-bands" aria-label="Price bands" aria-busy={!bands}>
      {(bands ?? Array.from({ length: 8 }, () => null)).map((band, i) =>
        band ? (
          <li key={band.Id} className="price-band" data-testid="price-band">
            <img src={boxImagesFor(band.TTLMDProductCode)[0]} alt="" width={72} height={72} />
            <h3 className="price-band__code">Price Band {band.Code}</h3>
            <p className="price-band__name">{band.Name}</p>
            <p>{formatDimensionsCm(band)}</p>
            <p>up to {band.MaxWeight / 1000} kg</p>
            <p className="price-band__price">{formatMoney(toPence(band.Price))}</p>
          </li>
        ) : (
          <li key={`loading-${i}`} className="price-band price-band--loading" aria-hidden="true" />
        ),
      )}
    </ul>
  );
}
