import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type {
  CalendarView,
  ClosingDayInput,
  ClosingDayView,
  ExceptionView,
  exceptionInputSchema,
  RouteView,
  UpdateRoute,
} from '../../../../shared/api/sailings';
import type { z } from 'zod';
import type { Island } from '../../../../shared/islands';
import { staffRequest } from '../../staff/staff-session';

/** The timetable's staff calls (/api/admin/sailings, docs/decisions/0048). */
const base = '/api/admin/sailings';
const sailingsKey = ['admin', 'sailings'] as const;

export const useRoutes = () =>
  useQuery({
    queryKey: [...sailingsKey, 'routes'],
    queryFn: () => staffRequest<{ Routes: RouteView[] }>('GET', `${base}/routes`),
    select: (data) => data.Routes,
  });

/** The calendar of `weeks` weeks from `from`'s week ('' : this week, by the server's clock). */
export const useCalendar = (from: string, weeks: number) =>
  useQuery({
    queryKey: [...sailingsKey, 'calendar', from, weeks],
    queryFn: () =>
      staffRequest<CalendarView>(
        'GET',
        `${base}/calendar?${new URLSearchParams({ ...(from ? { From: from } : {}), Weeks: String(weeks) })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** A change to the timetable; the routes and the calendar are fetched again. */
function useTimetableChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: sailingsKey }),
  });
}

export const useSaveRoute = () =>
  useTimetableChange(({ island, body }: { island: Island; body: UpdateRoute }) =>
    staffRequest<RouteView>('PUT', `${base}/routes/${island}`, body),
  );

export const useSaveException = () =>
  useTimetableChange(({ id, body }: { id?: number; body: z.input<typeof exceptionInputSchema> }) =>
    staffRequest<ExceptionView>(
      id ? 'PUT' : 'POST',
      `${base}/exceptions${id ? `/${id}` : ''}`,
      body,
    ),
  );

export const useDeleteException = () =>
  useTimetableChange((id: number) => staffRequest<void>('DELETE', `${base}/exceptions/${id}`));

export const useSaveClosingDay = () =>
  useTimetableChange(({ id, body }: { id?: number; body: ClosingDayInput }) =>
    staffRequest<ClosingDayView>(
      id ? 'PUT' : 'POST',
      `${base}/closing-days${id ? `/${id}` : ''}`,
      body,
    ),
  );

export const useDeleteClosingDay = () =>
  useTimetableChange((id: number) => staffRequest<void>('DELETE', `${base}/closing-days/${id}`));
