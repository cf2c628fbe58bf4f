import { useCallback, useState } from 'react';

type RequestState<Output> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: Output; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * A call that changes something on the server, for the light screens (no TanStack Query, issue
 * 16): `send` runs it and keeps its state; `onSuccess` runs with its answer. The shape of
 * TanStack's useMutation where the screens use it (isPending, isError, error, mutate).
 */
export function useRequest<Input, Output>(call: (input: Input) => Promise<Output>) {
  const [state, setState] = useState<RequestState<Output>>({ status: 'idle' });
  const mutate = useCallback(
    (input: Input, options?: { onSuccess?: (data: Output) => void }) => {
      setState({ status: 'pending' });
      call(input).then(
        (data) => {
          setState({ status: 'success', data });
          options?.onSuccess?.(data);
        },
        (error: unknown) => setState({ status: 'error', error }),
      );
    },
    [call],
  );
  return {
    ...state,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    mutate,
  };
}
