import { contactLinesHtml, type ContactDetails } from '../../shared/contact';
import { BRAND, TRACKING_CONFIGURED } from '../lib/site';
import { receivingHoursHtml } from '../../shared/receiving-hours';
import { useSettings } from '../lib/use-settings';
import { SocialLinks } from './social-links';
import { SiteLink } from './site-link';

const reopenConsent = () => void import('../lib/analytics').then((a) => a.reopenConsent());

const FOOTER_LINKS = [
  { to: '/how-it-works/', label: 'How it works' },
  { to: '/faqs/', label: 'FAQs' },
  { to: '/order/', label: 'Add a delivery' },
  { to: '/contact-us/', label: 'Contact us' },
  { to: '/terms-and-conditions', label: 'Terms and conditions' },
  { to: '/privacy-policy/', label: 'Privacy policy' },
];

/**
 * The depot's receiving hours from the settings (`Depot` / `ReceivingHours`), or the required hours
 * (docs/requirements.md §1). The server writes them into the page it serves
 * (src/shared/receiving-hours.ts); hydrating keeps that markup, and the browser writes it again
 * once the settings arrive.
 */
export function ReceivingHoursText() {
  const settings = useSettings();
  const html = settings.loaded ? receivingHoursHtml(settings.get('Depot', 'ReceivingHours')) : '';
  return (
    <p
      key={settings.loaded ? 'current' : 'served'}
      className="receiving-hours"
      data-testid="receiving-hours"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * Customer care's address, phone and e-mail from the settings (`Contact`). The server writes them
 * into the page it serves (src/shared/contact.ts); hydrating keeps that markup, and the browser
 * writes it again once the settings arrive (a staff edit since the page was served shows then).
 */
export function ContactLines({ testId }: { testId?: string }) {
  const settings = useSettings();
  const contact: ContactDetails = {
    Address: settings.get('Contact', 'Address'),
    Phone: settings.get('Contact', 'Phone'),
    Email: settings.get('Contact', 'Email'),
  };
  const html = settings.loaded ? contactLinesHtml(contact) : '';
  return (
    <address className="contact-lines" data-testid={testId}>
      <div
        key={settings.loaded ? 'current' : 'served'}
        className="contact-slot"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </address>
  );
}

/** Footer (docs/requirements.md §1): receiving hours, navigation links and contact details. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">UK depot receiving hours</h2>
          <ReceivingHoursText />
          <p className="site-footer__small">
            Parcels reach our Portsmouth depot by courier. It is not open to visitors.
          </p>
        </section>
        <nav aria-labelledby="footer-nav">
          <h2 id="footer-nav">{BRAND}</h2>
          <ul>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to}>{link.label}</SiteLink>
              </li>
            ))}
            {TRACKING_CONFIGURED && (
              <li>
                <button type="button" className="link-button" onClick={reopenConsent}>
                  Cookie settings
                </button>
              </li>
            )}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <ContactLines testId="contact-details" />
          <SocialLinks className="site-footer__social" />
        </section>
      </div>
      <p className="container site-footer__legal">
        {BRAND}: You Shop, We Deliver. Parcel forwarding from the UK to Jersey, Guernsey, Alderney,
        Sark and Herm.
      </p>
    </footer>
  );
}
