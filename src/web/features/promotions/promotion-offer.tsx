import type { Promotion } from '../../../shared/api/promotions';
import { promotionHtml } from '../../../shared/promotions';
import { apiRequest } from '../../lib/api-client';
import { createResource, type Resource, useResource } from '../../lib/remote-resource';

const resources = new Map<string, Resource<Promotion>>();
const promotionResource = (code: string) => {
  let resource = resources.get(code);
  if (!resource) {
    resource = createResource(() =>
      apiRequest<Promotion>('GET', `/public/promotions/${encodeURIComponent(code)}`),
    );
    resources.set(code, resource);
  }
  return resource;
};

/**
 * A promotion page's offer (docs/decisions/0033): the markdown's offer filled in with the code's
 * data while it can be used, else why there is no offer. The server writes it into the page it
 * sends; hydrating keeps that, and the browser writes the same markup once it has the code
 * (which also serves a visit from another page, where no HTML came from the server).
 */
export function PromotionOffer({ code, template }: { code: string; template: string }) {
  const { data } = useResource(promotionResource(code));
  return (
    <>
      <template data-promotion-template={code} dangerouslySetInnerHTML={{ __html: template }} />
      <div
        key={data ? 'current' : 'served'}
        className="promotion-slot"
        data-promotion={code}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: promotionHtml(template, data) }}
      />
    </>
  );
}
