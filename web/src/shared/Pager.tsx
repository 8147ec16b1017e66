/**
 * The one pager: 上一页 / 第 n / m 页 / 下一页. The customer app and the back office show it as a
 * page navigation (共 t 条 first, when the total is known); the rule platform in its toolbar with
 * the total after the page (第 n / m 页，共 t 个案例).
 */
import { Button } from '@blueprintjs/core';

type Props = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  look: 'list' | 'rules';
  /** The number of rows and what they are (条 unless told). */
  total?: { count: number; unit?: string };
  testId?: string;
};

export const Pager = ({ page, pages, onPage, look, total, testId }: Props) => {
  const buttons = (label: string) => (
    <>
      <Button icon="chevron-left" aria-label="上一页" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span>{label}</span>
      <Button icon="chevron-right" aria-label="下一页" disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </>
  );
  if (look === 'rules')
    return (
      <div className="rp-toolbar" data-testid={testId}>
        {buttons(
          total ? `第 ${page} / ${pages} 页，共 ${total.count} ${total.unit ?? '条'}` : `第 ${page} / ${pages} 页`,
        )}
      </div>
    );
  return (
    <nav className="fb-pager" aria-label="分页" data-testid={testId}>
      {total && (
        <span className="fb-muted">
          共 {total.count} {total.unit ?? '条'}
        </span>
      )}
      {buttons(`第 ${page} / ${pages} 页`)}
    </nav>
  );
};
