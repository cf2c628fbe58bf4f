import { boxImagesFor } from '../../shared/box-images';
import type { BookedOrder } from '../lib/use-catalogue';

/** The picture of a booking's box (its band's TTLMDProductCode), square and decorative. */
export function BoxImage({ booked, size }: { booked: BookedOrder; size: number }) {
  return (
    <img
      className="box-image"
      src={boxImagesFor(booked.Product?.TTLMDProductCode)[0]}
      alt=""
      width={size}
      height={size}
    />
  );
}
