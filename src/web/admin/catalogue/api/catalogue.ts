import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderExtra, Product } from '../../../../shared/api/catalogue';
import type {
  CreateDiscount,
  Discount,
  DiscountList,
  DiscountUses,
  ExtraInput,
  ProductInput,
} from '../../../../shared/api/catalogue-admin';
import type { SiteSettings, UpdateSettings } from '../../../../shared/api/settings-admin';
import { staffRequest } from '../../staff/staff-session';

/** The office's catalogue (/api/admin/catalogue) and site settings (/api/admin/settings). */
const base = '/api/admin/catalogue';
const catalogueKey = ['admin', 'catalogue'] as const;
const settingsKey = ['admin', 'settings'] as const;

export const useAdminProducts = () =>
  useQuery({
    queryKey: [...catalogueKey, 'products'],
    queryFn: () => staffRequest<{ items: Product[] }>('GET', `${base}/products`),
    select: (data) => data.items,
  });

export const useAdminExtras = () =>
  useQuery({
    queryKey: [...catalogueKey, 'extras'],
    queryFn: () => staffRequest<{ items: OrderExtra[] }>('GET', `${base}/extras`),
    select: (data) => data.items,
  });

export const useDiscounts = (query: { q: string; page: number; itemsPerPage: number }) =>
  useQuery({
    queryKey: [...catalogueKey, 'discounts', query],
    queryFn: () =>
      staffRequest<DiscountList>(
        'GET',
        `${base}/discounts?${new URLSearchParams({
          ...(query.q ? { q: query.q } : {}),
          page: String(query.page),
          itemsPerPage: String(query.itemsPerPage),
        })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const useDiscountUses = (id: number, page: number) =>
  useQuery({
    queryKey: [...catalogueKey, 'discounts', id, 'uses', page],
    queryFn: () => staffRequest<DiscountUses>('GET', `${base}/discounts/${id}/uses?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** A change to the catalogue; what the screens show of it is fetched again. */
function useCatalogueChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: catalogueKey }),
  });
}

export const useSaveProduct = () =>
  useCatalogueChange(({ id, body }: { id?: number; body: ProductInput }) =>
    staffRequest<Product>(id ? 'PUT' : 'POST', `${base}/products${id ? `/${id}` : ''}`, body),
  );

export const useSaveExtra = () =>
  useCatalogueChange(({ id, body }: { id?: number; body: ExtraInput }) =>
    staffRequest<OrderExtra>(id ? 'PUT' : 'POST', `${base}/extras${id ? `/${id}` : ''}`, body),
  );

export const useCreateDiscount = () =>
  useCatalogueChange((body: CreateDiscount) =>
    staffRequest<Discount>('POST', `${base}/discounts`, body),
  );

export const useSetDiscountEnabled = () =>
  useCatalogueChange(({ id, enabled }: { id: number; enabled: boolean }) =>
    staffRequest<Discount>('POST', `${base}/discounts/${id}/${enabled ? 'enable' : 'disable'}`),
  );

export const useSiteSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: () => staffRequest<SiteSettings>('GET', '/api/admin/settings'),
  });

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettings) =>
      staffRequest<SiteSettings>('PUT', '/api/admin/settings', body),
    onSuccess: (data) => client.setQueryData(settingsKey, data),
  });
}
