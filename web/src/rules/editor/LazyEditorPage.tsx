import { lazy, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';

// The editor brings its grids, samples and form fixtures; the rest of /rules does not load them.
const EditorPage = lazy(() => import('./EditorPage.tsx'));

/** 新增复合规则, loaded when first opened. */
export const LazyEditorPage = () => (
  <Suspense fallback={<Spinner aria-label="加载中" />}>
    <EditorPage />
  </Suspense>
);
