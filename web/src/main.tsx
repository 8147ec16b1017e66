// First: schemas are built as modules load, and must be built without eval.
import './shared/strictCsp.ts';
import './shared/iconLoader.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BlueprintProvider } from '@blueprintjs/core';
// The declarative router: the app uses no loaders or actions, and the data router costs every
// first load about 17 kB of gzip JavaScript (bench/bundles.ts).
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import './styles/srOnly.css';
import { AppRoutes } from './App.tsx';
import { swrFetcher } from './api/client.ts';
import { notifyError } from './api/toaster.ts';

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
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SWRConfig>
    </BlueprintProvider>
  </StrictMode>,
);
