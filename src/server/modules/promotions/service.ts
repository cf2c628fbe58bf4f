import { eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import type { Promotion } from '../../../shared/api/promotions';
import { describeDiscount } from '../../../shared/discounts';
import { discountCodes } from '../../db/schema';
import { promotedCodes } from '../../lib/web';
import { validDays } from '../catalogue/discount-admin';
import { discountPeriod, discountTerms } from '../discounts/service';

/**
 * A promotion page's code as the discount data has it now (src/shared/api/promotions.ts), or
 * null when no page of the built site promotes it. The code's row is read through the node's
 * cache (a staff change shows within CACHE_TTL_MS, at once on the node that made it); where it
 * stands is worked out on every call from the server's clock, by the rule the checkout applies.
 */
export async function promotionNow(
  app: Uses<'cache' | 'clock' | 'config' | 'database'>,
  code: string,
): Promise<Promotion | null> {
  const found = await app.cache.get(`promotion:${code}`, async () => {
    if (!promotedCodes(app.config.webRoot).includes(code)) return { promoted: false };
    const [row] = await app.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, code));
    return { promoted: true, row };
  });
  if (!found.promoted) return null;
  const closed = (State: Promotion['State']) => ({
    Code: code,
    State,
    Discount: null,
    From: null,
    To: null,
  });
  if (!found.row) return closed('unavailable');
  const period = discountPeriod(found.row, app.clock.now());
  if (period !== 'active') return closed(period === 'disabled' ? 'unavailable' : period);
  const days = validDays(found.row);
  return {
    Code: code,
    State: 'active',
    Discount: describeDiscount(discountTerms(found.row)),
    From: days.ValidFrom,
    To: days.ValidTo,
  };
}
