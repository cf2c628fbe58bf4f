import { Alert, Box, Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { boxImagesFor } from '../../../shared/box-images';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatMoney, toPence } from '../../../shared/money';
import { useProducts } from './api/get-products';

/** The price bands from the catalogue with their box image, size in cm, weight and price. */
export function PriceBands() {
  const { data, isPending, isError } = useProducts();
  if (isError) {
    return (
      <Alert severity="warning">
        Prices could not be loaded just now. Please refresh the page.
      </Alert>
    );
  }
  return (
    <Grid
      container
      spacing={2}
      component="ul"
      aria-label="Price bands"
      sx={{ listStyle: 'none', p: 0, my: 3 }}
      aria-busy={isPending}
    >
      {(isPending ? Array.from({ length: 6 }, () => null) : data.items).map((band, i) => (
        <Grid key={band?.Id ?? `loading-${i}`} size={{ xs: 6, sm: 4, md: 3 }} component="li">
          <Card
            variant="outlined"
            sx={{ height: '100%' }}
            data-testid={band ? 'price-band' : undefined}
          >
            <CardContent sx={{ textAlign: 'center' }}>
              {band ? (
                <>
                  <Box
                    component="img"
                    src={boxImagesFor(band.TTLMDProductCode)[0]}
                    alt=""
                    width={72}
                    height={72}
                    sx={{ mb: 1 }}
                  />
                  <Typography variant="h3" component="h3">
                    Price Band {band.Code}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {band.Name}
                  </Typography>
                  <Typography variant="body2">{formatDimensionsCm(band)}</Typography>
                  <Typography variant="body2">up to {band.MaxWeight / 1000} kg</Typography>
                  <Typography variant="h3" component="p" color="primary.dark" sx={{ mt: 1 }}>
                    {formatMoney(toPence(band.Price))}
                  </Typography>
                </>
              ) : (
                <Skeleton variant="rounded" height={170} />
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
