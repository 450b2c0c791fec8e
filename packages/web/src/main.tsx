import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { auth } from './lib/auth.ts';
import { createQueryClient, createTrpcClient, createTrpcUtils, trpc } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

// Any 401 means the server session is gone: forget the browser's flag and go to /login. Unsaved
// edits cannot be saved without a session, so no form holds this navigation up.
const queryClient = createQueryClient(() => {
  if (!auth.get().isAuthenticated) return;
  auth.signOut();
  queryClient.clear();
  void router.navigate({ to: '/login', ignoreBlocker: true });
});
const trpcClient = createTrpcClient();
const router = createAppRouter({ auth, queryClient, trpc: createTrpcUtils(queryClient, trpcClient) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
