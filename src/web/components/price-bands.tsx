import { priceBandItems } from '../../shared/price-bands';
import { useResource } from '../lib/remote-resource';
import { productsResource } from '../lib/api/products';

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

/**
 * The price bands from the catalogue with their box image, size in cm, weight and price. The
 * server writes them into the page it sends (shared/price-bands.ts); hydrating keeps that, and the
 * browser writes the same markup once it has read the catalogue itself.
 */
export function PriceBands() {
  const { data, status } = useResource(productsResource);
  if (status === 'error') return <PricesUnavailable />;
  const bands = data?.items ?? null;
  return (
    <ul
      key={bands ? 'current' : 'served'}
      className="price-bands"
      aria-label="Price bands"
      aria-busy={!bands}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: priceBandItems(bands) }}
    />
  );
}
