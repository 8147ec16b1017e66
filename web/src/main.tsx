// First: schemas are built as modules load, and must be built without eval.
import './shared/strictCsp.ts';
import './shared/iconLoader.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BlueprintProvider } from '@blueprintjs/core';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles/app.css';
import { createRouter } from './App.tsx';
import { swrFetcher } from './api/client.ts';
import { notifyError } from './api/toaster.ts';

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BlueprintProvider>
      <SWRConfig
        value={{
          fetcher: swrFetcher,
          onError: notifyError,
          revalidateOnFocus: false,
          shouldRetryOnError: false,
        }}
      >
        <RouterProvider router={router} />
      </SWRConfig>
    </BlueprintProvider>
  </StrictMode>,
);
