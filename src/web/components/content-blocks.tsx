import { PriceBands } from './price-bands';
import { ChristmasDates } from './christmas-dates';
import { ContactDetails } from './contact-details';

/** The live blocks markdown pages may ask for with `<!-- name -->` on a line of its own. */
export const contentBlocks = {
  'price-bands': <PriceBands />,
  'contact-details': <ContactDetails />,
  'christmas-dates': <ChristmasDates />,
};
