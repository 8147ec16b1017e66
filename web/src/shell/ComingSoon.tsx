import { NonIdealState } from '@blueprintjs/core';

/** Placeholder for screens other issues will build (never fake data). */
export const ComingSoon = ({ title }: { title: string }) => (
  <div className="fb-page fb-coming-soon">
    <NonIdealState icon="time" title={title} description="即将上线" />
  </div>
);
