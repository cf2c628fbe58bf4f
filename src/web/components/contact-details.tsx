import { Icon, icons } from './icons';
import { ContactLines, ReceivingHoursText } from './site-footer';

/** The contact block of /contact-us/ (`<!-- contact-details -->`), from the settings. */
export function ContactDetails() {
  return (
    <div className="contact-cards" data-testid="contact-block">
      <section className="card" aria-labelledby="contact-care">
        <h3 id="contact-care">
          <Icon path={icons.email} size={22} /> Customer care
        </h3>
        <ContactLines />
      </section>
      <section className="card" aria-labelledby="contact-depot">
        <h3 id="contact-depot">
          <Icon path={icons.place} size={22} /> UK depot receiving hours
        </h3>
        <ReceivingHoursText />
      </section>
    </div>
  );
}
