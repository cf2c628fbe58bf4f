import { pageTitle } from '../lib/site';
import { AddressBookPage } from '../features/addresses/address-book';

export const meta = () => [
  { title: pageTitle('Address Book') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardAddresses() {
  return <AddressBookPage />;
}
