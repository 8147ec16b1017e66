// First: schemas are built as modules load, and must be built without eval.
import '../shared/strictCsp.ts';
import '../shared/iconLoader.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BlueprintProvider } from '@blueprintjs/core';
import { RouterProvider } from 'react-router-dom';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './rules.css';
import { installNotifier } from './api/notify.ts';
import { createRulesRouter } from './App.tsx';

installNotifier();
const router = createRulesRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BlueprintProvider>
      <RouterProvider router={router} />
    </BlueprintProvider>
  </StrictMode>,
);
