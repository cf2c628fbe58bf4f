import { useCallback, useRef, useState } from 'react';

type RequestState<Output> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: Output; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

const IDLE = { status: 'idle' } as const;

/**
 * A call to the server from a light screen (no TanStack Query, issue 16): `mutate` runs it and
 * keeps its state; `onSuccess` runs with its answer. The shape of TanStack's useMutation where the
 * screens use it (isPending, isError, error, mutate, reset), and like it only the latest call
 * counts: an earlier call's answer is dropped, its onSuccess not run. `reset` forgets the state
 * (and the answer of a call still under way).
 */
export function useRequest<Input, Output>(call: (input: Input) => Promise<Output>) {
  const [state, setState] = useState<RequestState<Output>>(IDLE);
  const latest = useRef(0);
  const mutate = useCallback(
    (input: Input, options?: { onSuccess?: (data: Output) => void }) => {
      const run = ++latest.current;
      setState({ status: 'pending' });
      call(input).then(
        (data) => {
          if (run !== latest.current) return;
          setState({ status: 'success', data });
          options?.onSuccess?.(data);
        },
        (error: unknown) => {
          if (run === latest.current) setState({ status: 'error', error });
        },
      );
    },
    [call],
  );
  const reset = useCallback(() => {
    latest.current++;
    setState(IDLE);
  }, []);
  return {
    ...state,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    mutate,
    reset,
  };
}
