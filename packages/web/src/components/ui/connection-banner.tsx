import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { connection, retryNow } from '../../lib/connection.ts';

/** Seconds until the next automatic retry, counting down once a second. */
function useSecondsUntil(at: number | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Says plainly when the server cannot be reached, and that the app keeps trying. */
export function ConnectionBanner() {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(connection.subscribe, connection.get);
  const seconds = useSecondsUntil(state.reachable ? undefined : state.retryAt);
  const [retrying, setRetrying] = useState(false);
  if (state.reachable) return null;
  const onRetry = async () => {
    setRetrying(true);
    await retryNow(queryClient).finally(() => setRetrying(false));
  };
  return (
    <div role="alert" className="alert alert-warning fixed inset-x-4 bottom-4 z-50 mx-auto max-w-xl shadow-lg">
      <span>
        Cannot reach the server right now.{' '}
        {seconds !== undefined && seconds > 0 ? `Trying again in ${seconds} s.` : 'Trying again…'}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => void onRetry()} disabled={retrying}>
        Retry now
      </button>
    </div>
  );
}
