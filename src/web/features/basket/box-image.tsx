import { Box, type SxProps, type Theme } from '@mui/material';
import { boxImagesFor } from '../../../shared/box-images';
import type { BookedOrder } from '../order/use-catalogue';

/** The picture of a booking's box (its band's TTLMDProductCode), square and decorative. */
export function BoxImage({
  booked,
  size,
  sx,
}: {
  booked: BookedOrder;
  size: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="img"
      src={boxImagesFor(booked.Product?.TTLMDProductCode)[0]}
      alt=""
      width={size}
      height={size}
      sx={sx}
    />
  );
}
