import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Event Admin</h1>
      <p>The API is running. The admin screens arrive with the web app.</p>
    </main>
  </StrictMode>,
);
