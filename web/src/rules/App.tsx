import { Navigate, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { HOME_PATH } from './frame.ts';
import { RulesLayout } from './layout/RulesLayout.tsx';
import { ReloginAlert } from './layout/ReloginAlert.tsx';
import { Dashboard } from './pages/Dashboard.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { RoutePage } from './pages/RoutePage.tsx';
import { MyApplicationPage, NewApplicationPage, ReviewPage } from './review/ReviewPages.tsx';
import { RuleListPage } from './review/RuleListPage.tsx';
import { StatsPage } from './review/StatsPage.tsx';
import { CasesPage } from './batch/CasesPage.tsx';
import { BatchTestPage, MyBatchTestsPage } from './batch/BatchPages.tsx';
import { BatchDetailPage } from './batch/DetailPage.tsx';
import { ConfigPage } from './config/ConfigPage.tsx';
import { TranspositionPage } from './transposition/TranspositionPage.tsx';
import { LazyEditorPage } from './editor/LazyEditorPage.tsx';
import { StageTransformPage } from './stages/StageTransformPage.tsx';
import { SceneListPage } from './stages/SceneListPage.tsx';
import { RulePoolPage } from './stages/RulePoolPage.tsx';
import { LimitsPage } from './stages/LimitsPage.tsx';
import { StagePlanPage } from './stages/StagePlanPage.tsx';

/** The rule platform's routes, all under /rules (the edge serves rules.html there). */
const routes: RouteObject[] = [
  { path: '/rules/login', element: <LoginPage /> },
  {
    path: '/rules',
    element: (
      <>
        <RulesLayout />
        <ReloginAlert />
      </>
    ),
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      { path: 'dashboard', element: <Dashboard /> },
      { path: 'ruleList', element: <RuleListPage /> },
      { path: 'newApplication', element: <NewApplicationPage /> },
      { path: 'execApplicationStart', element: <ReviewPage /> },
      { path: 'myApplication', element: <MyApplicationPage /> },
      { path: 'ruleApplication', element: <StatsPage /> },
      { path: 'ruleCase', element: <CasesPage /> },
      { path: 'ruleTransposition', element: <TranspositionPage /> },
      { path: 'batchTest/null', element: <BatchTestPage /> },
      { path: 'myBatchTestList', element: <MyBatchTestsPage /> },
      { path: 'multipleBatchTestDetail', element: <BatchDetailPage /> },
      { path: 'keywordManage', element: <ConfigPage key="keyword" kind="keyword" /> },
      { path: 'ruleType', element: <ConfigPage key="ruleType" kind="ruleType" /> },
      { path: 'ruleSource', element: <ConfigPage key="ruleSource" kind="ruleSource" /> },
      { path: 'ruleMessage', element: <ConfigPage key="ruleMessage" kind="ruleMessage" /> },
      { path: 'ruleRisk', element: <ConfigPage key="ruleRisk" kind="ruleRisk" /> },
      { path: 'complexRuleAdd', element: <LazyEditorPage /> },
      { path: 'stageTransform', element: <StageTransformPage /> },
      { path: 'mySceneList', element: <SceneListPage /> },
      { path: 'rulePool', element: <RulePoolPage /> },
      { path: 'insuranceEnableLimit', element: <LimitsPage /> },
      { path: 'companyRuleStageMerge', element: <StagePlanPage /> },
      { path: '*', element: <RoutePage /> },
    ],
  },
  { path: '*', element: <Navigate to={HOME_PATH} replace /> },
];

export const RulesRoutes = () => useRoutes(routes);
