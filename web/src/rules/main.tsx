// First: schemas are built as modules load, and must be built without eval.
import '../shared/strictCsp.ts';
import '../shared/iconLoader.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BlueprintProvider } from '@blueprintjs/core';
// The declarative router, as the customer app's (web/src/main.tsx): both share react-router's chunk.
import { BrowserRouter } from 'react-router-dom';
import '@blueprintjs/core/lib/css/blueprint.css';
import './rules.css';
import '../styles/srOnly.css';
import { installNotifier } from './api/notify.ts';
import { RulesRoutes } from './App.tsx';

installNotifier();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BlueprintProvider>
      <BrowserRouter>
        <RulesRoutes />
      </BrowserRouter>
    </BlueprintProvider>
  </StrictMode>,
);
