import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { oneOf, useListView } from '../kit/list-view';
import { PriceBands } from './price-bands-tab';
import { Extras } from './extras-tab';
import { DiscountCodes } from './discount-codes-tab';

const TABS = [
  { id: 'bands', label: 'Price bands' },
  { id: 'extras', label: 'Extras' },
  { id: 'discounts', label: 'Discount codes' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const TAB_IDS = TABS.map((t) => t.id);

/**
 * /admin/catalogue/ (office, admin): the price bands, the extras and the discount codes. Which
 * tab, and the codes' search and page, are in the address, so reload and back keep them.
 */
export function CataloguePage() {
  const { values, set } = useListView({
    tab: oneOf(TAB_IDS, 'bands'),
    q: '',
  });
  const { tab } = values;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Catalogue
      </Typography>
      <Typography color="text.secondary">
        Changes show on the public site within seconds, without a rebuild. Orders already booked
        keep the price they were charged.
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, value: TabId) => set({ tab: value, q: '' })}
        aria-label="Catalogue"
      >
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`tab-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'bands' && <PriceBands />}
        {tab === 'extras' && <Extras />}
        {tab === 'discounts' && <DiscountCodes />}
      </Box>
    </Stack>
  );
}
