import { useEffect, useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AbandonParcel,
  DepotParcel,
  ListedState,
  LookupResult,
  ParcelSort,
  ReceiveRequest,
  ReceiveResult,
} from '../../../../shared/api/depot';
import type { DispatchRequest, Sailing } from '../../../../shared/api/depot-dispatch';
import type { OrderItemLines, UpdateItemLines } from '../../../../shared/api/item-lines';
import {
  sailingGstRequest,
  type SailingGst,
  type SailingGstRequest,
} from '../../../../shared/api/sailing-gst';
import {
  customsDataFileName,
  customsFormFileName,
  type CustomsForm,
} from '../../../../shared/customs';
import { staffDownload, staffRequest } from '../../staff/staff-session';

/**
 * The depot floor's calls (/api/admin/depot, src/shared/api/depot.ts): find a booking, receive a
 * parcel, the parcels' lists, match, the label, dispatch and deliver. Every change refreshes the
 * depot's lists.
 */
export const depotKey = ['admin', 'depot'] as const;
const BASE = '/api/admin/depot';

/** GET /lookup: what a scanned or typed label names, with the customer's open bookings. */
const lookupParcel = (q: string) =>
  staffRequest<LookupResult>('GET', `${BASE}/lookup?q=${encodeURIComponent(q)}`);

/** The find of the receiving screen, sent when the clerk presses Enter (or the scanner does). */
export const useLookup = () => useMutation({ mutationFn: lookupParcel });

/** The same find for a parcel being matched; asked afresh each time (bookings change). */
export const useBookingsOf = (q: string | null) =>
  useQuery({
    queryKey: [...depotKey, 'lookup', q],
    queryFn: () => lookupParcel(q!),
    enabled: q !== null && q !== '',
    gcTime: 0,
    retry: false,
  });

function useDepotChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: depotKey }),
  });
}

export const useReceive = () =>
  useDepotChange((body: ReceiveRequest) =>
    staffRequest<ReceiveResult>('POST', `${BASE}/receive`, body),
  );

export const useMatch = () =>
  useDepotChange(({ parcelId, orderId }: { parcelId: number; orderId: number }) =>
    staffRequest<ReceiveResult>('POST', `${BASE}/parcels/${parcelId}/match`, { OrderId: orderId }),
  );

/** POST /parcels/{Id}/abandon: staff confirm the parcel is treated as abandoned (decision 0037). */
export const useAbandon = () =>
  useDepotChange((parcelId: number) =>
    staffRequest<DepotParcel>('POST', `${BASE}/parcels/${parcelId}/abandon`, {
      Confirm: true,
    } satisfies AbandonParcel),
  );

export interface ParcelPage {
  items: DepotParcel[];
  total: number;
  page: number;
  itemsPerPage: number;
}

/** GET /parcels?state=: one page of a list, the previous page shown while the next loads. */
export const useParcels = (
  state: ListedState,
  page: number,
  itemsPerPage: number,
  sort: ParcelSort = 'oldest',
) =>
  useQuery({
    queryKey: [...depotKey, 'parcels', state, page, itemsPerPage, sort],
    queryFn: () =>
      staffRequest<ParcelPage>(
        'GET',
        `${BASE}/parcels?state=${state}&page=${page}&itemsPerPage=${itemsPerPage}&sort=${sort}`,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /dispatch: the parcels ready to leave, by island. */
export const useDispatchList = () =>
  useQuery({
    queryKey: [...depotKey, 'dispatch'],
    queryFn: () =>
      staffRequest<{ Islands: { Island: string; Parcels: DepotParcel[] }[] }>(
        'GET',
        `${BASE}/dispatch`,
      ),
  });

export const useDispatch = () =>
  useDepotChange((body: DispatchRequest) =>
    staffRequest<{ Parcels: DepotParcel[] }>('POST', `${BASE}/dispatch`, body),
  );

export const useDeliver = () =>
  useDepotChange((orderIds: number[]) =>
    staffRequest<{ Delivered: number[] }>('POST', `${BASE}/deliver`, { OrderIds: orderIds }),
  );

/**
 * The parcel's label (GET /parcels/{Id}/label.pdf, which needs the staff token) as an address a
 * link can open: fetched once the parcel is received, null until then.
 */
export function useLabelUrl(parcelId: number) {
  const label = useQuery({
    queryKey: ['admin', 'label', parcelId],
    queryFn: () => staffDownload(`${BASE}/parcels/${parcelId}/label.pdf`, 'application/pdf'),
    staleTime: Infinity,
  });
  const url = useMemo(() => (label.data ? URL.createObjectURL(label.data) : null), [label.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, failed: label.isError };
}

/** Saves a fetched file under its name (the browser's download). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET /parcels/{Id}/customs.pdf: the parcel's CN22 or CN23, downloaded (decision 0040). */
export const useCustomsFormDownload = () =>
  useMutation({
    mutationFn: async (parcel: { Id: number; OrderReference: string; Form: CustomsForm }) => {
      const blob = await staffDownload(
        `${BASE}/parcels/${parcel.Id}/customs.pdf`,
        'application/pdf',
      );
      save(blob, customsFormFileName(parcel.Form, parcel.OrderReference));
    },
  });

/**
 * GET /consignments/{Id}/customs.pdf: a consolidated box's one declaration (CN22 or CN23 by the
 * box's total value), listing every item of all its orders.
 */
export const useConsignmentCustomsDownload = () =>
  useMutation({
    mutationFn: async (box: { Id: number; Reference: string }) => {
      const blob = await staffDownload(
        `${BASE}/consignments/${box.Id}/customs.pdf`,
        'application/pdf',
      );
      save(blob, `customs-declaration-${box.Reference}.pdf`);
    },
  });

/** GET /parcels/{Id}/label-and-customs.pdf: the label with its CN22 or CN23, to print together. */
export const useLabelWithCustomsDownload = () =>
  useMutation({
    mutationFn: async (parcel: { Id: number; OrderReference: string; Form: CustomsForm }) => {
      const blob = await staffDownload(
        `${BASE}/parcels/${parcel.Id}/label-and-customs.pdf`,
        'application/pdf',
      );
      save(blob, `label-${customsFormFileName(parcel.Form, parcel.OrderReference)}`);
    },
  });

/** GET /sailings: the sailings parcels left on, newest first (decision 0040). */
export const useSailings = () =>
  useQuery({
    queryKey: [...depotKey, 'sailings'],
    queryFn: () => staffRequest<{ Sailings: Sailing[] }>('GET', `${BASE}/sailings`),
  });

/** GET /sailings/customs-data.csv: the carrier's electronic customs data, downloaded. */
export const useCustomsDataDownload = () =>
  useMutation({
    mutationFn: async ({ SailingDate, Carrier }: Pick<Sailing, 'SailingDate' | 'Carrier'>) => {
      const blob = await staffDownload(
        `${BASE}/sailings/customs-data.csv?SailingDate=${SailingDate}&Carrier=${Carrier}`,
        'text/csv',
      );
      save(blob, customsDataFileName(SailingDate, Carrier));
    },
  });

/** GET /orders/{Id}/item-lines: a booking's goods line by line (decision 0040). */
export const useItemLines = (orderId: number) =>
  useQuery({
    queryKey: [...depotKey, 'item-lines', orderId],
    queryFn: () => staffRequest<OrderItemLines>('GET', `${BASE}/orders/${orderId}/item-lines`),
  });

/** PUT /orders/{Id}/item-lines: the lines as corrected from the retailer's invoice (audited). */
export const useSaveItemLines = (orderId: number) =>
  useDepotChange((body: UpdateItemLines) =>
    staffRequest<OrderItemLines>('PUT', `${BASE}/orders/${orderId}/item-lines`, body),
  );

/**
 * POST /dispatch/gst: the island GST of the chosen parcels on the sailing, customer by customer
 * (parcels to one customer on one sailing are valued together); nothing asked while none is chosen
 * or the date is not a day.
 */
export const useSailingGst = (body: SailingGstRequest) =>
  useQuery({
    queryKey: [...depotKey, 'dispatch-gst', body],
    queryFn: () => staffRequest<{ Customers: SailingGst[] }>('POST', `${BASE}/dispatch/gst`, body),
    enabled: sailingGstRequest.safeParse(body).success,
    placeholderData: keepPreviousData,
  });
